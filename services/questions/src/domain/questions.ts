import { conflict, invalid } from '@mzansi/kit/errors';
import { codedMessages } from '@mzansi/kit/messages';
import { checkDraftClose, validateCriteria } from './closing.js';

/** Question rules (spec §3–§5, PRODUCT.md). No transport or storage here. */

export interface Option {
  id: string;
  text: string;
}

export interface QuestionState {
  isPublished: boolean;
  isActive: boolean;
  isResolved: boolean;
  isArchived: boolean;
  options: Option[];
}

export interface NewQuestion {
  text: string;
  context: string | null;
  date: Date;
  options: Option[];
  tags: string[];
  isBlind: boolean;
  translations: Translations;
  resolutionCriteria: string | null;
  closesAt: Date | null;
}

/** The languages a question may carry besides English. */
export const TRANSLATION_LANGUAGES = ['zu', 'af', 'st'] as const;
export interface Translation {
  text: string;
  context?: string;
  options?: Record<string, string>;
  resolutionCriteria?: string;
}
export type Translations = Partial<Record<(typeof TRANSLATION_LANGUAGES)[number], Translation>>;
export interface TranslationInput {
  text: string;
  context: string;
  options: Record<string, string>;
  resolutionCriteria?: string;
}

/**
 * Checks and normalises the optional translations: only zu, af and st; each with its text (limits as for English, the
 * question mark added when shown); context, resolution criteria and option texts optional, options only the
 * question's. A language whose text is empty is left out (English shows).
 */
export function validateTranslations(input: Record<string, TranslationInput> | undefined, options: Option[]): Translations {
  const out: Translations = {};
  for (const [language, t] of Object.entries(input ?? {})) {
    if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(language)) throw invalid('Translations are for isiZulu (zu), Afrikaans (af) and Sesotho (st)');
    const text = t.text.trim().replace(/\?+$/, '').trim();
    const context = t.context.trim();
    const optionTexts = Object.entries(t.options ?? {}).map(([id, v]) => [id, v.trim()] as const).filter(([, v]) => v);
    const criteria = validateCriteria(t.resolutionCriteria);
    if (!text) {
      if (context || criteria || optionTexts.length) throw invalid(`The ${language} translation needs the question text`);
      continue;
    }
    if (text.length > TEXT_MAX) throw invalid(`Question text must be at most ${TEXT_MAX} characters`);
    if (context.length > CONTEXT_MAX) throw invalid(`Context must be at most ${CONTEXT_MAX} characters`);
    if (optionTexts.some(([id]) => !options.some((o) => o.id === id))) throw invalid(MESSAGES.options);
    if (optionTexts.some(([, v]) => v.length > OPTION_MAX)) throw invalid(`Option text must be at most ${OPTION_MAX} characters`);
    out[language as keyof Translations] = {
      text,
      ...(context && { context }),
      ...(criteria && { resolutionCriteria: criteria }),
      ...(optionTexts.length > 0 && { options: Object.fromEntries(optionTexts) }),
    };
  }
  return out;
}

export const TEXT_MAX = 300;
export const CONTEXT_MAX = 2000;
export const OPTION_MAX = 60;
export const TAG_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const MESSAGES = codedMessages('question', {
  required: 'Please fill in all required fields',
  options: 'A question needs exactly two options: yes and no',
  alreadyPublished: 'This question is already published',
  archivedPublish: 'An archived question cannot be published',
  notActive: 'Only a published, active question can be resolved',
  alreadyResolved: 'This question is already resolved',
  archivedResolve: 'An archived question cannot be resolved',
  unknownOption: 'The correct option must be one of the question’s options',
  alreadyArchived: 'This question is already archived',
} as const);

/**
 * Checks and normalises an admin's new question: exactly the options yes and no, context and criteria null when
 * empty, a close time (optional) after its date and `now` (domain/closing.ts).
 */
export function validateNewQuestion(
  input: {
    text: string;
    context: string;
    date: Date | undefined;
    options: Option[];
    tags: string[];
    isBlind?: boolean;
    translations?: Record<string, TranslationInput>;
    resolutionCriteria?: string;
    closesAt?: Date | undefined;
  },
  now: Date,
): NewQuestion {
  // The question mark is added when shown, so a typed one is not doubled.
  const text = input.text.trim().replace(/\?+$/, '').trim();
  if (!text || !input.date || Number.isNaN(input.date.getTime())) throw invalid(MESSAGES.required);
  if (text.length > TEXT_MAX) throw invalid(`Question text must be at most ${TEXT_MAX} characters`);
  const context = input.context.trim() || null;
  if (context && context.length > CONTEXT_MAX) throw invalid(`Context must be at most ${CONTEXT_MAX} characters`);
  const options = input.options.map((o) => ({ id: o.id.trim(), text: o.text.trim() }));
  if (options.length !== 2 || options[0]!.id !== 'yes' || options[1]!.id !== 'no') throw invalid(MESSAGES.options);
  if (options.some((o) => !o.text)) throw invalid(MESSAGES.required);
  if (options.some((o) => o.text.length > OPTION_MAX)) throw invalid(`Option text must be at most ${OPTION_MAX} characters`);
  const tags = [...new Set(input.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  if (tags.length > 10 || tags.some((t) => !TAG_RE.test(t))) throw invalid('Tags are up to 10 lower-case words (letters, digits, dashes)');
  const year = input.date.getUTCFullYear();
  if (year < 2024 || year > 2100) throw invalid('The date must be between 2024 and 2100');
  const translations = validateTranslations(input.translations, options);
  const resolutionCriteria = validateCriteria(input.resolutionCriteria);
  const closesAt = input.closesAt ? checkDraftClose(input.closesAt, { date: input.date, scheduledFor: null }, now) : null;
  return { text, context, date: input.date, options, tags, isBlind: input.isBlind === true, translations, resolutionCriteria, closesAt };
}

export function assertCanPublish(q: QuestionState): void {
  if (q.isArchived) throw conflict(MESSAGES.archivedPublish);
  if (q.isPublished) throw conflict(MESSAGES.alreadyPublished);
}

export function assertCanResolve(q: QuestionState, correctOptionId: string): void {
  if (q.isArchived) throw conflict(MESSAGES.archivedResolve);
  if (q.isResolved) throw conflict(MESSAGES.alreadyResolved);
  if (!q.isPublished || !q.isActive) throw conflict(MESSAGES.notActive);
  if (!q.options.some((o) => o.id === correctOptionId)) throw invalid(MESSAGES.unknownOption);
}

export function assertCanArchive(q: QuestionState): void {
  if (q.isArchived) throw conflict(MESSAGES.alreadyArchived);
}

/**
 * Who may see a question: everyone once it is published and until it is archived (the public archive, today's
 * questions, topics; the repositories' list queries filter the same in SQL), admins always.
 */
export function isPublic(q: { isPublished: boolean; isArchived: boolean }): boolean {
  return q.isPublished && !q.isArchived;
}

export function mayViewQuestion(q: { isPublished: boolean; isArchived: boolean }, actor: { isAdmin: boolean } | null | undefined): boolean {
  return isPublic(q) || !!actor?.isAdmin;
}
