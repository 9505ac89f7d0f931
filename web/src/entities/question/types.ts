/** A question as the gateway returns it (see lib/api for transport). */
export interface QuestionOption {
  id: string;
  text: string;
}

export interface QuestionResult {
  optionId: string;
  optionText?: string;
  votes: number;
  percentage?: number;
}

export interface Question {
  id: string;
  /** Never ends with '?': add one when showing (see `questionWithMark`). */
  text: string;
  context: string | null;
  date: string;
  options: QuestionOption[];
  correctOptionId: string | null;
  isActive: boolean;
  isResolved: boolean;
  isArchived: boolean;
  isPublished: boolean;
  publishedAt: string | null;
  createdAt: string;
  tags: string[];
  /** Demo content: must be marked as sample data wherever it is shown. */
  isSample: boolean;
  /** Blind question: per-option results stay hidden from those who have not answered until it resolves. */
  isBlind?: boolean;
  /** The server withheld `results` (empty) for this reader: only `totalVotes` is known. */
  resultsHidden?: boolean;
  results: QuestionResult[];
  totalVotes: number;
  commentCount: number;
  /** By province, in the public list; null while hidden. */
  provinces?: unknown;
  /** The admin's optional text in isiZulu, Afrikaans, Sesotho; English shows where one is missing. */
  translations?: QuestionTranslations;
}

/** Per language: the question, its context and option texts by option id (each optional but the text). */
export type QuestionTranslations = Partial<Record<'zu' | 'af' | 'st', { text: string; context?: string | null; options?: Record<string, string> }>>;

export interface CommentAuthor {
  id: string;
  name: string;
  username: string;
}

export interface Comment {
  id: string;
  userId: string;
  content: string;
  /** The image (≤ 1600 px) and its thumbnail (≤ 480 px), with their sizes in pixels; null without an image. */
  imageUrl?: string | null;
  imageWidth?: number | null;
  imageHeight?: number | null;
  thumbUrl?: string | null;
  thumbWidth?: number | null;
  thumbHeight?: number | null;
  createdAt: string;
  user: CommentAuthor;
}

/** GET /api/comments/public: question id -> its public comments. */
export type CommentsByQuestion = Record<string, Comment[]>;
