// The public question lists and their comments: one query per resource (its key lives here once).
import { queryOptions } from '@tanstack/react-query';
import { getListFn, getRecordFn } from '../../lib/api';
import type { Comment, Question } from './types';

export const PUBLIC_QUESTIONS_KEY = ['/api/questions/public'] as const;
export const TODAY_QUESTIONS_KEY = ['/api/questions/today'] as const;
export const PUBLIC_COMMENTS_KEY = ['/api/comments/public'] as const;

export const publicQuestionsQuery = queryOptions({ queryKey: PUBLIC_QUESTIONS_KEY, queryFn: getListFn<Question>() });
export const todayQuestionsQuery = queryOptions({ queryKey: TODAY_QUESTIONS_KEY, queryFn: getListFn<Question>() });
/** The latest comments of each public question, by question id (it may be `{}`). */
export const publicCommentsQuery = queryOptions({ queryKey: PUBLIC_COMMENTS_KEY, queryFn: getRecordFn<Comment[]>() });
