import { t, useLanguage } from '../../i18n';
import type { Question } from './types';

/**
 * An untranslated "Yes" / "No" option in the interface language's words (the catalogue's); any other text as it is.
 * Also for an option named on its own, without its question (a comment's prediction, a friend's answer).
 */
export function yesNo(text: string): string {
  if (/^yes$/i.test(text)) return text === 'YES' ? t('live.yes').toUpperCase() : t('live.yes');
  if (/^no$/i.test(text)) return text === 'NO' ? t('live.no').toUpperCase() : t('live.no');
  return text;
}

/** What the translations cover: the text, context, options and, where the question has them, resolution criteria. */
type Translatable = Pick<Question, 'text' | 'context' | 'options' | 'translations'> & { resolutionCriteria?: string | null };

/**
 * The question in the interface language where the admin translated it; otherwise as it is (English), but for plain
 * "Yes" / "No" options, which read in the interface language's words.
 */
export function translatedQuestion<Q extends Translatable>(question: Q, language: string): Q {
  const own = language === 'en' ? undefined : question.translations?.[language as 'zu' | 'af' | 'st'];
  if (!own?.text) {
    if (language === 'en' || !question.options.some((o) => yesNo(o.text) !== o.text)) return question;
    return { ...question, options: question.options.map((o) => ({ ...o, text: yesNo(o.text) })) };
  }
  return {
    ...question,
    text: own.text,
    context: own.context || question.context,
    options: question.options.map((o) => ({ ...o, text: own.options?.[o.id] || yesNo(o.text) })),
    ...(question.resolutionCriteria !== undefined && { resolutionCriteria: own.resolutionCriteria || question.resolutionCriteria }),
  };
}

/** `translatedQuestion` in the active language (renders again when it changes). */
export function useTranslatedQuestion<Q extends Translatable>(question: Q): Q {
  return translatedQuestion(question, useLanguage());
}

/**
 * A profile history line's question and chosen option in `language` where the admin translated them; otherwise the
 * English the answer was given in.
 */
export function translatedHistoryItem(
  item: { questionText: string; selectedOption: string; selectedOptionId: string; translations?: Question['translations'] },
  language: string,
): { questionText: string; selectedOption: string } {
  const own = language === 'en' ? undefined : item.translations?.[language as 'zu' | 'af' | 'st'];
  const english = item.selectedOption || item.selectedOptionId;
  if (!own?.text) return { questionText: item.questionText, selectedOption: english };
  return { questionText: own.text, selectedOption: own.options?.[item.selectedOptionId] || english };
}
