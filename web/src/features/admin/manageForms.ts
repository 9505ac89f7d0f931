// Admin "manage" forms for research content: officials and media predictions (pure validation).
import { safeExternalUrl } from '../research/api';
import { initials } from '../shell/initials';

export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const AVATAR_MESSAGE = 'Avatar must be initials (1 to 3 letters) or a bundled image path such as /avatars/name.svg';
export const TAGS_MESSAGE = 'Tags are up to 10 lower-case words (letters, digits, dashes)';
export const PREDICTION_TAGS_MESSAGE = 'Add at least one topic tag so the prediction shows on Research';
export const CONFIDENCE_MESSAGE = 'Confidence must be a whole number from 0 to 100';
export const DATE_MESSAGE = 'Source date must be a valid date';
export const URL_MESSAGE = 'Source link must start with http:// or https://';

export interface OfficialForm {
  name: string;
  title: string;
  bio: string;
  avatar: string;
  tags: string;
}
export interface OfficialPayload {
  name: string;
  title: string;
  bio: string;
  avatar: string;
  tags: string[];
}

export interface PredictionForm {
  statement: string;
  prediction: string;
  confidence: string;
  sourceTitle: string;
  sourceDate: string;
  sourceUrl: string;
  tags: string;
}
export interface PredictionPayload {
  statement: string;
  prediction: string;
  confidence: number;
  sourceTitle: string;
  sourceDate: string;
  sourceUrl: string;
  tags: string[];
}

type Result<T> = { ok: true; payload: T } | { ok: false; error: string };

/** "Economy, load shedding" -> ['economy', 'load-shedding'] (lower case, spaces to hyphens, no repeats). */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((t) => t.trim().toLowerCase().replace(/\s+/g, '-'))
    .filter(Boolean);
  return [...new Set(tags)];
}

/** As the server: lower-case words of letters, digits and dashes, at most 10. */
const TAG_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MAX_TAGS = 10;
const badTags = (tags: string[]) => tags.length > MAX_TAGS || tags.some((t) => !TAG_RE.test(t));
/** Images bundled with the app (served from /avatars/). */
const BUNDLED_IMAGE_RE = /^\/avatars\/[A-Za-z0-9_-]{1,60}\.(svg|png|jpe?g|webp)$/;

export function validateOfficial(form: OfficialForm): Result<OfficialPayload> {
  const name = form.name.trim();
  const title = form.title.trim();
  const bio = form.bio.trim();
  if (!name || !title) return { ok: false, error: REQUIRED_MESSAGE };
  const avatarIn = form.avatar.trim();
  const isPath = BUNDLED_IMAGE_RE.test(avatarIn);
  const isInitials = /^\p{L}{1,3}$/u.test(avatarIn);
  if (avatarIn && !isPath && !isInitials) return { ok: false, error: AVATAR_MESSAGE };
  const avatar = isPath ? avatarIn : (avatarIn || initials(name, { oneWordLetters: 2 })).toUpperCase();
  const tags = parseTags(form.tags);
  if (badTags(tags)) return { ok: false, error: TAGS_MESSAGE };
  return { ok: true, payload: { name, title, bio, avatar, tags } };
}

export function isValidDateKey(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

export function validatePrediction(form: PredictionForm): Result<PredictionPayload> {
  const statement = form.statement.trim();
  const prediction = form.prediction.trim();
  const sourceTitle = form.sourceTitle.trim();
  const sourceDate = form.sourceDate.trim();
  const sourceUrl = form.sourceUrl.trim();
  const confidenceText = form.confidence.trim();
  if (!statement || !prediction || !sourceTitle || !sourceDate || !sourceUrl || !confidenceText) {
    return { ok: false, error: REQUIRED_MESSAGE };
  }
  const confidence = Number(confidenceText);
  if (!/^\d{1,3}$/.test(confidenceText) || confidence > 100) return { ok: false, error: CONFIDENCE_MESSAGE };
  if (!isValidDateKey(sourceDate)) return { ok: false, error: DATE_MESSAGE };
  if (!safeExternalUrl(sourceUrl)) return { ok: false, error: URL_MESSAGE };
  const tags = parseTags(form.tags);
  if (tags.length === 0) return { ok: false, error: PREDICTION_TAGS_MESSAGE };
  if (badTags(tags)) return { ok: false, error: TAGS_MESSAGE };
  return { ok: true, payload: { statement, prediction, confidence, sourceTitle, sourceDate, sourceUrl, tags } };
}
