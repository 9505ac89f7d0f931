import { sastDateKey } from '../../lib/time';
import type { QuestionTranslations } from '../../entities/question/types';

export interface CreateQuestionForm {
  text: string;
  context: string;
  option1: string;
  option2: string;
  /** YYYY-MM-DD, treated as UTC. */
  date: string;
  /** HH:MM, treated as UTC. */
  time: string;
  /** Blind: results hidden until people answer (until it resolves). */
  isBlind: boolean;
  /** Optional text in the other languages; a language left empty shows the English. */
  translations?: Partial<Record<TranslationLanguage, TranslationForm>>;
  /** How the question will be judged (optional). */
  resolutionCriteria?: string;
  /** When answering closes (optional, both or neither): YYYY-MM-DD and HH:MM, UTC. */
  closesDate?: string;
  closesTime?: string;
}

export const TRANSLATION_LANGUAGES = [
  { code: 'zu', name: 'isiZulu' },
  { code: 'af', name: 'Afrikaans' },
  { code: 'st', name: 'Sesotho' },
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number]['code'];
export interface TranslationForm {
  text: string;
  context: string;
  option1: string;
  option2: string;
  /** The resolution criteria in that language (optional). */
  criteria?: string;
}
export interface TranslationPayload {
  text: string;
  context?: string;
  options?: { yes?: string; no?: string };
  resolutionCriteria?: string;
}

export interface CreateQuestionPayload {
  text: string;
  context: string | null;
  date: string;
  options: [{ id: 'yes'; text: string }, { id: 'no'; text: string }];
  isBlind: boolean;
  translations?: Partial<Record<TranslationLanguage, TranslationPayload>>;
  resolutionCriteria?: string;
  closesAt?: string;
}

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
/** A close date without a time, or the other way round (the card shows admin.closesIncomplete). */
export const CLOSES_INCOMPLETE_MESSAGE = 'Please give both the close date and time, or neither';
/** The service's words (error.closingAfterPublish): a close at or before the question's date and time. */
export const CLOSES_AFTER_MESSAGE = 'Answering must close after the question’s publish time';

/**
 * The close time the form's date and time give (UTC ISO): undefined when both are empty (no close time), null when
 * only one is given or they are not a valid date and time.
 */
export function closesAtOf(date: string | undefined, time: string | undefined): string | undefined | null {
  const [d, t] = [date?.trim() ?? '', time?.trim() ?? ''];
  if (!d && !t) return undefined;
  return d && t ? utcIsoFromDateAndTime(d, t) : null;
}

export const DEFAULT_QUESTION_TIME = '13:00';

/** A fresh form: options 'Yes' / 'No', today's date (the SAST calendar day), 13:00. */
export function emptyCreateQuestionForm(now: Date = new Date()): CreateQuestionForm {
  return {
    text: '',
    context: '',
    option1: 'Yes',
    option2: 'No',
    date: sastDateKey(now),
    time: DEFAULT_QUESTION_TIME,
    isBlind: false,
    resolutionCriteria: '',
    closesDate: '',
    closesTime: '',
  };
}

/** Date + time as a UTC instant, or null when they are not a valid date and time. */
export function utcIsoFromDateAndTime(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  const instant = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}.000Z`);
  if (Number.isNaN(instant.getTime())) return null;
  // Reject dates the Date constructor would roll over (e.g. 2025-02-30).
  if (instant.toISOString().slice(0, 10) !== date) return null;
  return instant.toISOString();
}

/**
 * Validates the admin's create form (spec §5): text, option 1, option 2, date and time are required
 * (after trimming); context is null when empty; criteria and a close time (after the date and time) optional.
 * Returns the POST /api/admin/questions body or the error.
 */
export function buildCreateQuestionPayload(
  form: CreateQuestionForm,
): { ok: true; payload: CreateQuestionPayload } | TranslationError | { ok: false; error: string } {
  const text = form.text.trim();
  const option1 = form.option1.trim();
  const option2 = form.option2.trim();
  const date = form.date.trim();
  const time = form.time.trim();
  if (!text || !option1 || !option2 || !date || !time) return { ok: false, error: REQUIRED_FIELDS_MESSAGE };
  const iso = utcIsoFromDateAndTime(date, time);
  if (!iso) return { ok: false, error: REQUIRED_FIELDS_MESSAGE };
  const context = form.context.trim();
  const criteria = form.resolutionCriteria?.trim() ?? '';
  const closesAt = closesAtOf(form.closesDate, form.closesTime);
  if (closesAt === null) return { ok: false, error: CLOSES_INCOMPLETE_MESSAGE };
  if (closesAt && Date.parse(closesAt) <= Date.parse(iso)) return { ok: false, error: CLOSES_AFTER_MESSAGE };
  const built = buildTranslationsPayload(form.translations);
  if (!built.ok) return built;
  const { translations } = built;
  return {
    ok: true,
    payload: {
      text,
      context: context || null,
      date: iso,
      options: [
        { id: 'yes', text: option1 },
        { id: 'no', text: option2 },
      ],
      isBlind: form.isBlind,
      ...(Object.keys(translations).length > 0 && { translations }),
      ...(criteria && { resolutionCriteria: criteria }),
      ...(closesAt && { closesAt }),
    },
  };
}

/** A translation with context or options but no text; `language` says which (the message is in English). */
export interface TranslationError {
  ok: false;
  error: string;
  language: TranslationLanguage;
}

/**
 * The translations part of a request (create, or PUT …/translations): trimmed, a language without text left out
 * (its readers see English), an error where a language has context or options but no text.
 */
export function buildTranslationsPayload(
  form: CreateQuestionForm['translations'],
): { ok: true; translations: Partial<Record<TranslationLanguage, TranslationPayload>> } | TranslationError {
  const translations: Partial<Record<TranslationLanguage, TranslationPayload>> = {};
  for (const { code, name } of TRANSLATION_LANGUAGES) {
    const t = form?.[code];
    if (!t) continue;
    const [tText, tContext, yes, no, tCriteria] = [t.text.trim(), t.context.trim(), t.option1.trim(), t.option2.trim(), t.criteria?.trim() ?? ''];
    if (!tText) {
      if (tContext || yes || no || tCriteria) return { ok: false, error: `The ${name} translation needs the question text`, language: code };
      continue;
    }
    translations[code] = {
      text: tText,
      ...(tContext && { context: tContext }),
      ...(tCriteria && { resolutionCriteria: tCriteria }),
      ...((yes || no) && { options: { ...(yes && { yes }), ...(no && { no }) } }),
    };
  }
  return { ok: true, translations };
}

/** A question's stored translations as the form's fields (for editing them after create). */
export function translationsForm(translations: QuestionTranslations | undefined): NonNullable<CreateQuestionForm['translations']> {
  const out: NonNullable<CreateQuestionForm['translations']> = {};
  for (const { code } of TRANSLATION_LANGUAGES) {
    const t = translations?.[code];
    if (t) out[code] = { text: t.text, context: t.context ?? '', option1: t.options?.yes ?? '', option2: t.options?.no ?? '', criteria: t.resolutionCriteria ?? '' };
  }
  return out;
}
