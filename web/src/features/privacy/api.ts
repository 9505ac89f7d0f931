// The privacy notice's configuration and the signed-in user's answer privacy (docs/api.md, docs/privacy.md).
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';

export type AnswerVisibility = 'friends' | 'nobody';

export interface PrivacySettings {
  answerVisibility: AnswerVisibility;
  /** Friends see an answer only once its question is resolved. */
  hideUntilResolved: boolean;
  /** Named on the national leaderboards (off until the user turns it on). */
  listOnNationalBoard: boolean;
  updatedAt: string | null;
}

export interface PrivacyNoticeInfo {
  version: string;
  informationOfficer: { name: string; email: string };
}

export const PRIVACY_NOTICE_KEY = ['/api/privacy-notice'] as const;
export const privacyKey = (userId: string) => ['/api/users', userId, 'privacy'] as const;

/** The notice's version and the information officer (configuration; changes only with a deployment). */
export function usePrivacyNotice() {
  return useQuery<PrivacyNoticeInfo>({ queryKey: PRIVACY_NOTICE_KEY, staleTime: Infinity });
}

export function usePrivacySettings(userId: string) {
  return useQuery<PrivacySettings>({ queryKey: privacyKey(userId), enabled: !!userId });
}

/** PUT /api/users/{id}/privacy → the saved settings. */
export type PrivacyPatch = Partial<Pick<PrivacySettings, 'answerVisibility' | 'hideUntilResolved' | 'listOnNationalBoard'>>;

export const updatePrivacySettings = (userId: string, patch: PrivacyPatch) =>
  apiJson<PrivacySettings>('PUT', `/api/users/${encodeURIComponent(userId)}/privacy`, patch);
