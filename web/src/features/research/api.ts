import { useQuery } from '@tanstack/react-query';
import { toQuestionList } from '../questions/api';

/** GET /api/tags item: a research topic with how much content it has. */
export interface Tag {
  tag: string;
  label: string;
  questionCount: number;
  officialCount: number;
  predictionCount: number;
}

/** An official source (spec §3 Official). `avatar` is initials or a local image path starting with '/'. */
export interface Official {
  id: string;
  name: string;
  title: string;
  bio: string;
  avatar: string;
  tags: string[];
  isSample: boolean;
}

/** A media prediction (spec §3). `confidence` is 0–100; `sourceDate` is YYYY-MM-DD. */
export interface MediaPrediction {
  id: string;
  statement: string;
  prediction: string;
  confidence: number;
  sourceTitle: string;
  sourceDate: string;
  sourceUrl: string;
  tags: string[];
  isSample: boolean;
}

export const TAGS_KEY = ['/api/tags'] as const;
export const OFFICIALS_KEY = ['/api/officials'] as const;
export const tagKey = (tag: string, what: 'questions' | 'officials' | 'predictions') =>
  ['/api/tags', encodeURIComponent(tag), what] as const;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function toTagList(data: unknown): Tag[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isObject).flatMap((t) =>
    typeof t.tag === 'string'
      ? [
          {
            tag: t.tag,
            label: typeof t.label === 'string' && t.label.trim() ? t.label : t.tag,
            questionCount: num(t.questionCount),
            officialCount: num(t.officialCount),
            predictionCount: num(t.predictionCount),
          },
        ]
      : [],
  );
}

export function toOfficialList(data: unknown): Official[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isObject).flatMap((o) =>
    typeof o.id === 'string' && typeof o.name === 'string'
      ? [
          {
            id: o.id,
            name: o.name,
            title: typeof o.title === 'string' ? o.title : '',
            bio: typeof o.bio === 'string' ? o.bio : '',
            avatar: typeof o.avatar === 'string' ? o.avatar : '',
            tags: strings(o.tags),
            isSample: o.isSample === true,
          },
        ]
      : [],
  );
}

export function toPredictionList(data: unknown): MediaPrediction[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isObject).flatMap((p) =>
    typeof p.id === 'string' && typeof p.statement === 'string'
      ? [
          {
            id: p.id,
            statement: p.statement,
            prediction: typeof p.prediction === 'string' ? p.prediction : '',
            confidence: Math.min(100, Math.max(0, num(p.confidence))),
            sourceTitle: typeof p.sourceTitle === 'string' ? p.sourceTitle : '',
            sourceDate: typeof p.sourceDate === 'string' ? p.sourceDate : '',
            sourceUrl: typeof p.sourceUrl === 'string' ? p.sourceUrl : '',
            tags: strings(p.tags),
            isSample: p.isSample === true,
          },
        ]
      : [],
  );
}

export function useTags() {
  return useQuery({ queryKey: TAGS_KEY, select: toTagList });
}

export function useOfficials() {
  return useQuery({ queryKey: OFFICIALS_KEY, select: toOfficialList });
}

export function useTagQuestions(tag: string | null) {
  return useQuery({ queryKey: tagKey(tag ?? '', 'questions'), select: toQuestionList, enabled: !!tag });
}

export function useTagOfficials(tag: string | null) {
  return useQuery({ queryKey: tagKey(tag ?? '', 'officials'), select: toOfficialList, enabled: !!tag });
}

export function useTagPredictions(tag: string | null) {
  return useQuery({ queryKey: tagKey(tag ?? '', 'predictions'), select: toPredictionList, enabled: !!tag });
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
