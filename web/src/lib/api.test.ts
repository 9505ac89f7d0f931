import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorStatus, getQueryFn, queryKeyToUrl, serverMessage } from './api';
import { setLanguage } from '../i18n';
import afrikaans from '../i18n/locales/af.json';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body = '', statusText = '') {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status, statusText }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  test('sends JSON with credentials when there is a body', async () => {
    respond(200, '{"id":"u1"}');
    const res = await apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' });
    expect(await res.json()).toEqual({ id: 'u1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
  });

  test('no body, no content type', async () => {
    respond(204);
    await apiRequest('POST', '/api/auth/logout');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.headers).toEqual({});
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
  });

  test('non-OK throws an ApiError with the status and the server\'s message, code and params', async () => {
    respond(409, '{"message":"Username already taken"}', 'Conflict');
    const taken = await apiRequest('POST', '/api/auth/signup', {}).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({ status: 409, message: 'Username already taken', fromServer: true });
    respond(429, '{"message":"Too fast","code":"commentTooFast","params":{"seconds":42,"bad":"x"}}');
    await expect(apiRequest('POST', '/api/x')).rejects.toMatchObject({ status: 429, code: 'commentTooFast', params: { seconds: 42 } });
  });

  test('non-OK with an empty body uses the status text', async () => {
    respond(500, '', 'Internal Server Error');
    await expect(apiRequest('GET', '/api/x')).rejects.toMatchObject({ status: 500, message: 'Internal Server Error', fromServer: false });
  });

  test('a newer server\'s odd fields are dropped, not thrown over', async () => {
    respond(400, '{"message":"Bad","code":"no spaces allowed","params":[1]}');
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 400, message: 'Bad' });
    expect(error.code).toBeUndefined();
    expect(error.params).toBeUndefined();
  });

  test('apiJson parses, empty body is null', async () => {
    respond(200, '[1,2]');
    expect(await apiJson('GET', '/api/x')).toEqual([1, 2]);
    respond(204);
    expect(await apiJson('DELETE', '/api/x')).toBeNull();
  });
});

describe('default query function', () => {
  test('joins key segments with "/"', () => {
    expect(queryKeyToUrl(['/api/questions/today'])).toBe('/api/questions/today');
    expect(queryKeyToUrl(['/api/users', 'abc-123', 'stats'])).toBe('/api/users/abc-123/stats');
  });

  test('GETs the joined key with credentials', async () => {
    respond(200, '{"stats":{}}');
    const data = await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/users', 'u1', 'stats'] });
    expect(data).toEqual({ stats: {} });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/u1/stats');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  test("on401 'returnNull' resolves null", async () => {
    respond(401, '{"message":"Not signed in"}');
    expect(await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/me'] })).toBeNull();
  });

  test("on401 'throw' throws", async () => {
    respond(401, '{"message":"Not signed in"}');
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/me'] })).rejects.toMatchObject({ status: 401, message: 'Not signed in' });
  });

  test("'returnNull' still throws other errors", async () => {
    respond(503, '{"message":"down"}');
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/me'] })).rejects.toMatchObject({ status: 503 });
  });
});

/** The error a gateway answer with this status and body stands for. */
const failed = (status: number, body: string, statusText = '') => ApiError.from(new Response(body, { status, statusText }));

describe('serverMessage / errorStatus', () => {
  test('pulls the JSON message', async () => {
    const err = await failed(429, '{"message":"Too many attempts. Please try again in 15 minutes."}');
    expect(serverMessage(err, 'fallback')).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(errorStatus(err)).toBe(429);
  });

  test('falls back for non-JSON bodies, network errors and non-errors', async () => {
    expect(serverMessage(await failed(502, '<html>Bad Gateway</html>'), 'Failed to create account')).toBe(
      'Failed to create account',
    );
    expect(serverMessage(await failed(500, 'Internal Server Error'), 'fb')).toBe('fb');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fb')).toBe('fb');
    expect(serverMessage('nope', 'fb')).toBe('fb');
    expect(serverMessage(await failed(400, '{"message":""}'), 'fb')).toBe('fb');
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  test("a gateway code shows the catalogue's message in the reader's language; English and unknown codes keep the server's text", async () => {
    const unavailable = await failed(503, '{"message":"Service temporarily unavailable. Please try again shortly.","code":"unavailable"}');
    const unknown = await failed(403, '{"message":"Nope","code":"somethingNew"}');
    expect(serverMessage(unavailable, 'fb')).toBe('Service temporarily unavailable. Please try again shortly.');
    await setLanguage('af', { remember: false });
    try {
      expect(serverMessage(unavailable, 'fb')).toBe(afrikaans.messages['error.unavailable']);
      expect(serverMessage(await failed(403, '{"message":"Admin access required","code":"adminOnly"}'), 'fb')).toBe(afrikaans.messages['error.adminOnly']);
      expect(serverMessage(unknown, 'fb')).toBe('Nope');
      // A service's message without a code stays as it is.
      expect(serverMessage(await failed(409, '{"message":"This question is already published"}'), 'fb')).toBe('This question is already published');
      // A service's coded message (kit message-codes.ts, passed on by the gateway) and its numbers.
      expect(serverMessage(await failed(409, '{"message":"This question is no longer open for answers","code":"voteClosed"}'), 'fb')).toBe(
        'Hierdie vraag is nie meer oop vir antwoorde nie',
      );
      const confidence = await failed(400, '{"message":"Confidence must be a whole number from 50 to 99","code":"confidenceRange","params":{"min":50,"max":99}}');
      expect(serverMessage(confidence, 'fb')).toBe('Vertroue moet \'n heelgetal van 50 tot 99 wees');
      // A 429 with the wait in `params`: the translation says it; a non-number param is dropped, not shown.
      const tooFast = (params: string) =>
        failed(429, `{"message":"You are commenting too fast. Please try again in 42 seconds.","code":"commentTooFast","params":${params}}`);
      expect(serverMessage(await tooFast('{"seconds":42}'), 'fb')).toBe('Jy lewer te vinnig kommentaar. Probeer asseblief weer oor 42 sekondes.');
      expect(serverMessage(await tooFast('{"seconds":"<b>"}'), 'fb')).not.toContain('<b>');
      // A time of day: its minutes with two digits (the close time in SAST).
      const closed = await failed(409, '{"message":"Answering closed at 18:05","code":"voteClosedAt","params":{"hour":18,"minute":5}}');
      expect(serverMessage(closed, 'fb')).toBe('Antwoorde het om 18:05 gesluit');
      const check = await failed(429, '{"message":"Too many attempts. Please complete the check to continue.","code":"checkRequired","challengeRequired":true}');
      expect(serverMessage(check, 'fb')).toBe(afrikaans.messages['error.checkRequired']);
    } finally {
      await setLanguage('en', { remember: false });
    }
  });
});
