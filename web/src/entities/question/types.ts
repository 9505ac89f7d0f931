// A question and a comment as the API's contract (@mzansi/api) describes them: types only, so no validator reaches
// the bundle. An app cached by the service worker may meet an older or newer server: where the UI relies on a
// field that could be missing, it defaults it where it reads it.
import type { Comment as ApiComment, LatestComments, Question as ApiQuestion, QuestionOption as ApiQuestionOption } from '@mzansi/api';

export type QuestionOption = ApiQuestionOption;
/** `text` never ends with '?': add one when showing (see `questionWithMark`). `isSample`: demo content, marked. */
export type Question = ApiQuestion;
export type QuestionResult = ApiQuestion['results'][number];
/** Per language (isiZulu, Afrikaans, Sesotho): the question, its context and option texts by option id. */
export type QuestionTranslations = NonNullable<ApiQuestion['translations']>;
export type Comment = ApiComment;
/** GET /api/comments/public: question id -> its public comments. */
export type CommentsByQuestion = LatestComments;
