/**
 * Stable codes of the services' fixed user-facing messages: the web shows `error.<code>` from its
 * catalogues in the reader's language, the English text otherwise. A message is coded by being declared here
 * (`codedMessages('vote', { closed: '…' })` → `voteClosed`); any AppError with that exact text carries the code,
 * which the gRPC server sends as trailing metadata (grpc.ts) and the gateway passes on as `code` (gateway/src/errors.ts).
 */
export const ERROR_CODE_HEADER = 'mzansi-error-code';
export const ERROR_PARAMS_HEADER = 'mzansi-error-params';

/** A code as the web's catalogues name it: letters only (`error.<code>`). */
export const CODE_RE = /^[a-zA-Z]+$/;

const byText = new Map<string, string>();
const declared: Array<{ code: string; text: string }> = [];

/** Declares one coded message; returns the text. The first code declared for a text is the one it travels with. */
export function codedMessage(code: string, text: string): string {
  if (!CODE_RE.test(code)) throw new Error(`message code "${code}" must be letters only`);
  if (!byText.has(text)) byText.set(text, code);
  if (!declared.some((d) => d.code === code && d.text === text)) declared.push({ code, text });
  return text;
}

/** Declares a module's messages: each key becomes `area` + Key. Returns the messages as they were. */
export function codedMessages<T extends Record<string, string>>(area: string, messages: T): T {
  for (const [key, text] of Object.entries(messages)) codedMessage(area + key[0]!.toUpperCase() + key.slice(1), text);
  return messages;
}

/**
 * Declares a coded message whose English words carry numbers (a time of day, a count): `format` writes the text from
 * them, `example` is one instance (what the catalogue test checks against `error.<code>`, whose `{name}`s stand for
 * the numbers). Every text it writes carries the code, and the numbers go with it as the error's `params`. Keep the
 * numbers' range small (each distinct text is remembered): a time of day has 1,440.
 */
export function codedFormat<P extends Record<string, number>>(code: string, format: (params: P) => string, example: P): (params: P) => string {
  codedMessage(code, format(example));
  return (params) => {
    const text = format(params);
    if (!byText.has(text)) byText.set(text, code);
    return text;
  };
}

/** The code of a declared message text, if it has one. */
export const messageCode = (text: string): string | undefined => byText.get(text);

/** Every declared (code, English text), for the test that the web's catalogues have them all. */
export const declaredMessages = (): ReadonlyArray<{ code: string; text: string }> => declared;

/** Refusals every service may give, with the gateway's own codes for the same words (gateway/src/errors.ts). */
export const NOT_SIGNED_IN = codedMessage('notSignedIn', 'Not signed in');
export const ADMIN_ONLY = codedMessage('adminOnly', 'Admin access required');
