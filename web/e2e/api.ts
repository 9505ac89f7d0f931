// API helpers for end-to-end tests: a test's setup through the gateway's HTTP API (an APIRequestContext).
import type { APIRequestContext } from 'playwright-core';
import type { CatalogueLanguage } from './messages.ts';

/** A random valid username: e2e_ + 8 of [a-z0-9]. */
export function randomUsername(prefix = 'e2e_'): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = prefix;
  for (let i = 0; i < 8; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

/** The admin's text of a question in other languages (the options by id); a language left out shows English. */
export type QuestionTranslations = Partial<Record<Exclude<CatalogueLanguage, 'en'>, { text: string; options?: Record<string, string> }>>;

/** The source every resolve in the browser tests names (a resolve without one is a 400). */
export const RESOLUTION_SOURCE = { url: 'https://www.elections.org.za/results', title: 'IEC results' };
/** A resolve's body: the correct option and RESOLUTION_SOURCE. */
export const resolveBody = (correctOptionId: string) => ({ correctOptionId, source: RESOLUTION_SOURCE });

/** Creates a Yes / No question dated today through the admin API (`api` signed in as the admin); returns its id. */
export async function createQuestion(api: APIRequestContext, text: string, context: string, translations?: QuestionTranslations): Promise<string> {
  const created = await api.post('/api/admin/questions', {
    data: {
      text,
      context,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      translations,
    },
  });
  if (created.status() !== 201) throw new Error(`create question: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** POST (or PUT) JSON through an API context; anything but 2xx throws with the status and body. */
export async function apiPost(
  request: APIRequestContext,
  url: string,
  data?: unknown,
  method: 'post' | 'put' = 'post',
): Promise<Record<string, unknown>> {
  const res = await request[method](url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * Repeats a write the services learn of through events (a new user, a published question: 404 until they have
 * it; a loaded box may also answer a gRPC deadline's 504) until it is accepted, for up to `timeoutMs`.
 */
export async function eventually<T>(write: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/** Signs in through the API (the context's cookie then signs its pages in too); returns the user's id. */
export async function loginApi(request: APIRequestContext, username: string, password: string): Promise<string> {
  const user = await eventually(() => apiPost(request, '/api/auth/login', { username, password }));
  return user.id as string;
}

/**
 * Signs a new user up through the API (consent given; the context is then signed in as them); returns the id. A
 * `language` given is saved on the profile, as the switch would: the app starts in it once signed in.
 */
export async function signUpApi(
  request: APIRequestContext,
  {
    username = randomUsername(),
    name,
    password = 'correct-horse-battery',
    email = '',
    language,
  }: { username?: string; name: string; password?: string; email?: string; language?: CatalogueLanguage },
): Promise<string> {
  const user = await apiPost(request, '/api/auth/signup', { username, password, name, email, phoneNumber: '', consent: true });
  const id = user.id as string;
  if (language) {
    const res = await request.patch(`/api/users/${id}`, { data: { language } });
    if (!res.ok()) throw new Error(`language not saved: ${res.status()} ${await res.text()}`);
  }
  return id;
}

/** Publishes a question (`admin` signed in as the admin); returns its id. */
export async function publishQuestion(admin: APIRequestContext, id: string): Promise<string> {
  await apiPost(admin, `/api/admin/questions/${id}/publish`);
  return id;
}

/** Creates a Yes / No question dated today and publishes it (`admin` signed in as the admin); returns its id. */
export async function publishNewQuestion(admin: APIRequestContext, text: string, context: string, translations?: QuestionTranslations): Promise<string> {
  return publishQuestion(admin, await createQuestion(admin, text, context, translations));
}

/** Answers a question through the API; voting learns of a publish through an event, so it is retried briefly. */
export async function answerApi(request: APIRequestContext, userId: string, questionId: string, optionId: string): Promise<void> {
  await eventually(() => apiPost(request, '/api/answers', { userId, questionId, optionId }));
}
