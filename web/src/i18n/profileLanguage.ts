// The interface language on the profile, so it follows the user to another device: a signed-in user's
// saved language is applied when they sign in (or the app starts signed in); a choice in the switch while signed in is
// saved to the profile; a language chosen on this device before the profile had one is saved to it, and so is the
// one the browser's languages gave the first visit when it is not English (the push notifications follow the
// profile's language: a reader who never touched the switch still gets them in the language they read).
import { useEffect, useRef } from 'react';
import { apiJson } from '../lib/api';
import type { User } from '../features/auth/types';
import { useStoreUpdatedUser } from '../features/notifications/api';
import { currentLanguage, isLanguage, onLanguageChange, rememberedLanguage, setLanguage, type Language } from './index';

/** PATCH /api/users/{id} {language} → the updated User. */
const saveLanguage = (userId: string, language: Language) =>
  apiJson<User>('PATCH', `/api/users/${encodeURIComponent(userId)}`, { language });

export function useProfileLanguage(user: User): void {
  const storeUser = useStoreUpdatedUser();
  const saved = useRef<string | null | undefined>(user.language);
  saved.current = user.language;

  useEffect(() => {
    const save = (code: Language) => {
      if (saved.current === code) return;
      saved.current = code;
      saveLanguage(user.id, code).then(storeUser, (error: unknown) => console.warn('Language not saved to the profile', error));
    };
    const profile = saved.current;
    if (isLanguage(profile)) {
      if (profile !== currentLanguage()) void setLanguage(profile).catch((error: unknown) => console.warn('Language not loaded', error));
    } else {
      const shown = currentLanguage();
      const device = rememberedLanguage() ?? (shown === 'en' ? undefined : shown);
      if (device) save(device);
    }
    // Lingui also says "change" when messages load: only a switch to another language counts.
    let last = currentLanguage();
    return onLanguageChange((code) => {
      if (code === last) return;
      last = code;
      save(code);
    });
    // Once per signed-in user: later choices come through the switch (onLanguageChange).
  }, [user.id]);
}
