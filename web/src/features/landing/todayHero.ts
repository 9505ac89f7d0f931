// What the landing hero shows of today's question.
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';

/** The hero's title: the question with its question mark. */
export const heroTitle = (question: Pick<Question, 'text'>) => questionWithMark(question.text);

/** YES / NO: the first two options, upper case. */
export function heroOptions(question: Pick<Question, 'options'>): { id: string; label: string }[] {
  return question.options.slice(0, 2).map((option) => ({ id: option.id, label: option.text.toUpperCase() }));
}
