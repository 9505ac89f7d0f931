import { apiJson, apiRequest } from '../../lib/api';
import type { LoginInput, SignupInput, User } from './types';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

export const login = (input: LoginInput) => apiJson<User>('POST', '/api/auth/login', input);

export const signup = (input: SignupInput) => apiJson<User>('POST', '/api/auth/signup', input);

export const logout = async () => {
  await apiRequest('POST', '/api/auth/logout');
};
