import { useLanguage } from '../../i18n';
import type { Question } from './types';

/** The question in the interface language where the admin translated it; otherwise as it is (English). */
export function translatedQuestion<Q extends Pick<Question, 'text' | 'context' | 'options' | 'translations'>>(question: Q, language: string): Q {
  const own = language === 'en' ? undefined : question.translations?.[language as 'zu' | 'af' | 'st'];
  if (!own?.text) return question;
  return {
    ...question,
    text: own.text,
    context: own.context || question.context,
    options: question.options.map((o) => ({ ...o, text: own.options?.[o.id] || o.text })),
  };
}

/** `translatedQuestion` in the active language (renders again when it changes). */
export function useTranslatedQuestion<Q extends Pick<Question, 'text' | 'context' | 'options' | 'translations'>>(question: Q): Q {
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
