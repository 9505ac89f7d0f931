import { vi } from 'vitest';
import type { Comment, Person, Question, User } from '@mzansi/api';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Stubs global fetch with a swappable handler; returns the mock and a setter. */
export function stubFetch(initial: Handler) {
  let handler = initial;
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init)));
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    setHandler: (next: Handler) => {
      handler = next;
    },
    calls: (url: string) => mock.mock.calls.filter(([u]) => String(u) === url),
  };
}

/** A route a test adds or swaps in: answers one "METHOD url", given the request's init (its method and body). */
export type Route = (init?: RequestInit) => Response | Promise<Response>;

/**
 * A test's fetch routes: `base` answers every request, given its key ("METHOD url"), unless the `extra` routes passed
 * to the returned function name that key.
 */
export function routeTable(base: (key: string, url: string, init?: RequestInit) => Response | Promise<Response>) {
  return (extra: Record<string, Route> = {}): Handler =>
    (url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const route = extra[key];
      return route ? route(init) : base(key, url, init);
    };
}

export function makeQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: 'q1',
    text: 'Will the Springboks win the next test',
    context: 'They play France on Saturday.',
    date: '2025-11-20T13:00:00.000Z',
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    correctOptionId: null,
    isActive: true,
    isResolved: false,
    isArchived: false,
    isPublished: true,
    publishedAt: '2025-11-20T06:00:00.000Z',
    createdAt: '2025-11-19T10:00:00.000Z',
    tags: [],
    isSample: false,
    isBlind: false,
    scheduledFor: null,
    scheduleMissedAt: null,
    resolutionCriteria: null,
    closesAt: null,
    isClosed: false,
    resolution: null,
    resultsHidden: false,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 66.67 },
      { optionId: 'no', optionText: 'No', votes: 1, percentage: 33.33 },
    ],
    totalVotes: 3,
    commentCount: 0,
    ...overrides,
  };
}

/** A signed-in user: e-mail notifications on (the default), nothing else chosen or given. */
export function makeUser(overrides: Partial<User> & Pick<User, 'id' | 'username' | 'name'>): User {
  return {
    email: null,
    phoneNumber: null,
    joinDate: '2025-01-01T00:00:00Z',
    isAdmin: false,
    emailNotifications: true,
    browserNotifications: false,
    whatsappNotifications: false,
    emailVerified: false,
    privacyConsent: null,
    province: null,
    language: null,
    nameReplacedReason: null,
    profilePromptDone: true,
    ...overrides,
  } satisfies User;
}

/** Someone as other users see them (a comment's author, a friend, a search result). */
export function makePerson(id: string, name: string, username: string): Person {
  return { id, name, username, isAdmin: false } satisfies Person;
}

const NO_IMAGE = { imageUrl: null, imageWidth: null, imageHeight: null, thumbUrl: null, thumbWidth: null, thumbHeight: null } as const;

/** A comment without an image by `user`, written now; `overrides` change any field. */
export function makeComment(user: Person, overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c1',
    questionId: 'q1',
    userId: user.id,
    content: 'A comment',
    ...NO_IMAGE,
    createdAt: new Date().toISOString(),
    user,
    moderation: 'visible',
    moderationReason: null,
    parentId: null,
    replyCount: 0,
    agreeCount: 0,
    agreedByMe: false,
    ...overrides,
  } satisfies Comment;
}

export function makeComments(questionId: string, n: number): Comment[] {
  return Array.from({ length: n }, (_, i) =>
    makeComment(makePerson(`u${i + 1}`, `Person ${i + 1}`, `person${i + 1}`), {
      id: `${questionId}-c${i + 1}`,
      questionId,
      content: `Comment number ${i + 1}`,
      createdAt: new Date(Date.now() - (i + 1) * 60 * 60 * 1000).toISOString(),
      ...(i === 0 ? { imageUrl: 'data:image/png;base64,iVBORw0KGgo=', imageWidth: 1, imageHeight: 1, thumbUrl: 'data:image/png;base64,iVBORw0KGgo=', thumbWidth: 1, thumbHeight: 1 } : {}),
    }),
  );
}

/**
 * The signed-in app and its screens load on demand (code splitting). Importing them before a file's tests keeps
 * the first test from waiting on the module transform: `beforeAll(loadScreens(() => import('./AdminPage')))`.
 */
export function loadScreens(...screens: Array<() => Promise<unknown>>): () => Promise<unknown> {
  return () => Promise.all([import('../SignedInApp'), ...screens.map((load) => load())]);
}
