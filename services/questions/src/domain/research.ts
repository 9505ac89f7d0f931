import { invalid } from '@mzansi/kit/errors';
import { TAG_RE } from './questions.js';

/** Research rules (spec §2 Research, §3 Official / Media prediction). No transport or storage here. */

export const RESEARCH_MESSAGES = {
  tags: 'Tags are up to 10 lower-case words (letters, digits, dashes)',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 120 characters',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 160 characters',
  bioTooLong: 'Bio must be at most 2000 characters',
  avatar: 'Avatar must be initials (1 to 3 letters) or a bundled image path such as /avatars/name.svg',
  statementRequired: 'Statement is required',
  statementTooLong: 'Statement must be at most 500 characters',
  predictionRequired: 'Prediction is required',
  predictionTooLong: 'Prediction must be at most 500 characters',
  confidence: 'Confidence must be a whole number from 0 to 100',
  sourceTitleRequired: 'Source title is required',
  sourceTitleTooLong: 'Source title must be at most 200 characters',
  sourceDate: 'Source date must be a date (YYYY-MM-DD)',
  sourceUrl: 'Source URL must be an http(s) link',
  officialNotFound: 'Official not found',
  predictionNotFound: 'Media prediction not found',
} as const;

const M = RESEARCH_MESSAGES;

/** Trimmed, lower-case, de-duplicated tags; at most 10, each like "load-shedding". */
export function normaliseTags(tags: string[]): string[] {
  const out = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  if (out.length > 10 || out.some((t) => !TAG_RE.test(t))) throw invalid(M.tags);
  return out;
}

/** A tag to look up, or null when it cannot be one (so the lists are simply empty, never an error). */
export function lookupTag(tag: string): string | null {
  const t = tag.trim().toLowerCase();
  return TAG_RE.test(t) ? t : null;
}

const LABELS: Record<string, string> = { 'load-shedding': 'Load-shedding' };

/** "crime-and-policing" → "Crime and policing". */
export function tagLabel(tag: string): string {
  const known = LABELS[tag];
  if (known) return known;
  const words = tag.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STOP_WORDS = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'de', 'van', 'der']);

/** Two initials from a name: first and last significant words ("Office of the Minister of Police" → "OP"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}/u.test(w) && !STOP_WORDS.has(w.toLowerCase()));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => [...w.replace(/[^\p{L}]/gu, '')][0] ?? '').join('').toUpperCase() || '?';
}

const INITIALS_RE = /^\p{Lu}{1,3}$/u;
const BUNDLED_IMAGE_RE = /^\/avatars\/[A-Za-z0-9_-]{1,60}\.(svg|png|jpe?g|webp)$/;

export interface OfficialInput {
  name: string;
  title: string;
  bio: string;
  avatar: string;
  tags: string[];
}

export function validateOfficial(input: OfficialInput): OfficialInput {
  const name = input.name.trim();
  if (!name) throw invalid(M.nameRequired);
  if (name.length > 120) throw invalid(M.nameTooLong);
  const title = input.title.trim();
  if (!title) throw invalid(M.titleRequired);
  if (title.length > 160) throw invalid(M.titleTooLong);
  const bio = input.bio.trim();
  if (bio.length > 2000) throw invalid(M.bioTooLong);
  let avatar = input.avatar.trim();
  if (!avatar) avatar = initialsOf(name);
  else if (!BUNDLED_IMAGE_RE.test(avatar)) {
    avatar = avatar.toUpperCase();
    if (!INITIALS_RE.test(avatar)) throw invalid(M.avatar);
  }
  return { name, title, bio, avatar, tags: normaliseTags(input.tags) };
}

export interface MediaPredictionInput {
  statement: string;
  prediction: string;
  confidence: number;
  sourceTitle: string;
  sourceDate: string;
  sourceUrl: string;
  tags: string[];
}

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2100 && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

function isHttpUrl(s: string): boolean {
  if (s.length > 2000) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

export function validateMediaPrediction(input: MediaPredictionInput): MediaPredictionInput {
  const statement = input.statement.trim();
  if (!statement) throw invalid(M.statementRequired);
  if (statement.length > 500) throw invalid(M.statementTooLong);
  const prediction = input.prediction.trim();
  if (!prediction) throw invalid(M.predictionRequired);
  if (prediction.length > 500) throw invalid(M.predictionTooLong);
  if (!Number.isInteger(input.confidence) || input.confidence < 0 || input.confidence > 100) throw invalid(M.confidence);
  const sourceTitle = input.sourceTitle.trim();
  if (!sourceTitle) throw invalid(M.sourceTitleRequired);
  if (sourceTitle.length > 200) throw invalid(M.sourceTitleTooLong);
  const sourceDate = input.sourceDate.trim();
  if (!isCalendarDate(sourceDate)) throw invalid(M.sourceDate);
  const sourceUrl = input.sourceUrl.trim();
  if (!isHttpUrl(sourceUrl)) throw invalid(M.sourceUrl);
  return { statement, prediction, confidence: input.confidence, sourceTitle, sourceDate, sourceUrl, tags: normaliseTags(input.tags) };
}
