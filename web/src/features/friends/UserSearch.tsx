import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Input } from '../../ui';
import { useDebounced } from '../../lib/useDebounced';
import { MIN_SEARCH_CHARS, useUserSearch, type Person } from './api';
import { useT } from '../../i18n';

/** Debounce for the search call while typing. */
export const SEARCH_DEBOUNCE_MS = 200;

export interface UserSearchProps {
  value: string;
  onValueChange: (value: string) => void;
  onPick: (person: Person) => void;
}

/**
 * Username search box with a dropdown (WAI-ARIA combobox): fewer than 2 characters shows a hint,
 * no match 'No users found'; a click outside, Escape or picking a user closes it.
 */
export function UserSearch({ value, onValueChange, onPick }: UserSearchProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const term = useDebounced(value.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = value.trim().length < MIN_SEARCH_CHARS;
  const search = useUserSearch(term);
  const waiting = !tooShort && (term !== value.trim() || search.isFetching);
  const results = !tooShort && term === value.trim() ? (search.data ?? []) : [];

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  useEffect(() => setActive(-1), [term]);
  // The option the arrow keys reached, scrolled into the list's view.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const pick = (person: Person) => {
    onPick(person);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
      return;
    }
    if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      event.preventDefault();
      pick(results[active]);
    }
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;

  return (
    <div className="user-search" ref={rootRef}>
      <SearchIcon />
      <Input
        type="search"
        role="combobox"
        aria-label={t('friends.searchLabel')}
        aria-autocomplete="list"
        aria-expanded={open && results.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={t('friends.searchPlaceholder')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="user-search__input"
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div className="user-search__dropdown" aria-live="polite">
          {tooShort ? (
            <p className="user-search__note">{t('friends.searchTooShort', { count: MIN_SEARCH_CHARS })}</p>
          ) : waiting && results.length === 0 ? (
            <p className="user-search__note">{t('friends.searching')}</p>
          ) : search.isError ? (
            <p className="user-search__note">{t('friends.searchFailed')}</p>
          ) : results.length === 0 ? (
            <p className="user-search__note">{t('friends.noUsers')}</p>
          ) : (
            // Focusable, so a keyboard can reach and scroll a long list (the arrow keys work there as in the box).
            <ul
              className="user-search__list"
              id={listId}
              role="listbox"
              aria-label={t('friends.users')}
              tabIndex={0}
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              onKeyDown={onKeyDown}
            >
              {results.map((person, i) => (
                <li
                  key={person.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'user-search__option is-active' : 'user-search__option'}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(person)}
                >
                  <span className="user-search__name">{person.name}</span>
                  <span className="user-search__username">@{person.username}</span>
                  {person.isAdmin && <Badge variant="gold">{t('nav.admin')}</Badge>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function SearchIcon() {
  return (
    <svg className="user-search__icon" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
