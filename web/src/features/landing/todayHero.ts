// What the landing hero says about today's question. Shared by the React hero (TodayQuestion) and the static
// landing's first paint (staticLanding.ts), so both show the same thing. No React here. The first paint is English;
// the React hero says the same through the catalogues (src/i18n/locales/en.json holds these very strings).
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';

export const HERO_TEXT = {
  kicker: "Today's question",
  live: 'LIVE',
  resolved: 'Resolved',
  noQuestionTitle: 'No Questions Today',
  noQuestionLead: 'Check back tomorrow for new questions!',
} as const;

/** The hero's title: the question with its question mark. */
export const heroTitle = (question: Pick<Question, 'text'>) => questionWithMark(question.text);

/** YES / NO: the first two options, upper case. */
export function heroOptions(question: Pick<Question, 'options'>): { id: string; label: string }[] {
  return question.options.slice(0, 2).map((option) => ({ id: option.id, label: option.text.toUpperCase() }));
}

export function heroHint(question: Pick<Question, 'isResolved'>): string {
  return question.isResolved
    ? 'This question has been resolved. Sign in to see how South Africa voted.'
    : 'Sign in to lock in your prediction and see how South Africa voted.';
}
