import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Official, Prediction, Question, Tag } from '@mzansi/api';
import { getListFn } from '../../lib/api';

/** A research topic with how much content it has; an official source (`avatar`: initials or a local image path). */
export type { Official, Tag };
/** A media prediction: `confidence` is 0–100; `sourceDate` is YYYY-MM-DD. */
export type MediaPrediction = Prediction;

export const TAGS_KEY = ['/api/tags'] as const;
export const OFFICIALS_KEY = ['/api/officials'] as const;
export const tagKey = (tag: string, what: 'questions' | 'officials' | 'predictions') =>
  ['/api/tags', encodeURIComponent(tag), what] as const;

export const tagsQuery = queryOptions({ queryKey: TAGS_KEY, queryFn: getListFn<Tag>() });
export const officialsQuery = queryOptions({ queryKey: OFFICIALS_KEY, queryFn: getListFn<Official>() });
export const tagQuestionsQuery = (tag: string) => queryOptions({ queryKey: tagKey(tag, 'questions'), queryFn: getListFn<Question>() });
export const tagOfficialsQuery = (tag: string) => queryOptions({ queryKey: tagKey(tag, 'officials'), queryFn: getListFn<Official>() });
export const tagPredictionsQuery = (tag: string) => queryOptions({ queryKey: tagKey(tag, 'predictions'), queryFn: getListFn<Prediction>() });

export function useTags() {
  return useQuery(tagsQuery);
}

export function useOfficials() {
  return useQuery(officialsQuery);
}

export function useTagQuestions(tag: string | null) {
  return useQuery({ ...tagQuestionsQuery(tag ?? ''), enabled: !!tag });
}

export function useTagOfficials(tag: string | null) {
  return useQuery({ ...tagOfficialsQuery(tag ?? ''), enabled: !!tag });
}

export function useTagPredictions(tag: string | null) {
  return useQuery({ ...tagPredictionsQuery(tag ?? ''), enabled: !!tag });
}

/** A link target that is safe to open: only absolute http(s) URLs. */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A local image path ('/…', not protocol-relative '//…'), else null (the avatar is then initials). */
export function localImagePath(avatar: string): string | null {
  const a = avatar.trim();
  return a.startsWith('/') && !a.startsWith('//') ? a : null;
}
