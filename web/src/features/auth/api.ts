import { apiJson, apiRequest } from '../../lib/api';
import { currentLanguage } from '../../i18n';
import type { LoginInput, SignupInput, User } from './types';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

export const login = (input: LoginInput) => apiJson<User>('POST', '/api/auth/login', input);

/** The page's language goes along: the verification mail is written in it. */
export const signup = (input: SignupInput) => apiJson<User>('POST', '/api/auth/signup', { ...input, language: currentLanguage() });

export const logout = async () => {
  await apiRequest('POST', '/api/auth/logout');
};

/** Forgot password: the answer is the same whatever the username; the page's language goes along for the mail. */
export const requestPasswordReset = (username: string) =>
  apiJson<{ success: boolean; message: string }>('POST', '/api/auth/password-reset', { username, language: currentLanguage() });
