import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCleanError, until } from './helpers.js';
import { answer, befriend, comment, dataUrl, getBytes, PNG, publishQuestion } from './social-helpers.js';
import { system, gw, questions, adminB, anonB, admin, user, del, ids, useSocialStack } from './social-setup.js';

/** Comments and the friends feed end to end (the stack: ./social-setup.ts). */
useSocialStack();

describe('comments', () => {
  let qid: string;
  beforeAll(async () => {
    qid = await publishQuestion(system, questions);
  });

  it('refuses empty, whitespace-only, too long, SVG, mismatched and too large; accepts a PNG and serves it', async () => {
    const u = await user('cm_poster');
    const post = (body: unknown) => u.b.post(`/api/questions/${qid}/comments`, body);
    expectCleanError(await post({ content: '' }), 400, 'Please write something or add an image');
    expectCleanError(await post({ content: '  \n\t ' }), 400, 'Please write something or add an image');
    expectCleanError(await post({ content: 'x'.repeat(2001) }), 400, 'Comments can be at most 2,000 characters');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectCleanError(await post({ content: 'look', imageUrl: dataUrl('image/svg+xml', svg) }), 400, 'Only PNG, JPEG, GIF or WebP images are allowed');
    expectCleanError(await post({ content: 'look', imageUrl: dataUrl('image/jpeg', PNG) }), 400, 'The image does not match its type');

    // 5 MB + 1 byte of (PNG-headed) image: refused with the app's message.
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const tooBig = await post({ content: '', imageUrl: dataUrl('image/png', big) });
    expect([400, 413]).toContain(tooBig.status);
    expectCleanError(tooBig, tooBig.status, /smaller than 5MB/);
    // A body over the route's 7 MB limit never reaches the service.
    const huge = 'A'.repeat(7 * 1024 * 1024 + 10);
    expectCleanError(
      await u.b.req('POST', `/api/questions/${qid}/comments`, { body: `{"content":"","imageUrl":"data:image/png;base64,${huge}"}`, headers: { 'content-type': 'application/json' } }),
      413,
      'Image too large. Please select an image smaller than 5MB',
    );

    const ok = await post({ content: '  Lekker!  ', imageUrl: dataUrl('image/png', PNG) });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({ questionId: qid, userId: u.id, content: 'Lekker!', imageUrl: `/api/comments/${ok.json.id}/image` });
    expect(ok.json.user).toEqual({ id: u.id, username: u.username, name: u.name, isAdmin: false });
    // Re-encoded: WebP, 1 × 1 like the upload (never enlarged), both sizes in the JSON.
    expect(ok.json).toMatchObject({ imageWidth: 1, imageHeight: 1, thumbUrl: `/api/comments/${ok.json.id}/image?size=thumb`, thumbWidth: 1, thumbHeight: 1 });
    const img = await getBytes(gw.base, ok.json.imageUrl);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Immutable under its id: the browser keeps it, no shared cache does; revalidation by ETag is a 304 without the bytes.
    expect(img.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = img.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const revalidated = await getBytes(gw.base, ok.json.imageUrl, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.get('etag')).toBe(etag);
    const thumb = await getBytes(gw.base, ok.json.thumbUrl, { 'if-none-match': etag });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('etag')).not.toBe(etag);
    expect((await getBytes(gw.base, ok.json.thumbUrl, { 'if-none-match': thumb.headers.get('etag')! })).status).toBe(304);
    expect((await getBytes(gw.base, `${ok.json.imageUrl}?size=huge`)).status).toBe(400);

    // An image alone is a comment.
    const imageOnly = await post({ content: '', imageUrl: dataUrl('image/png', PNG) });
    expect(imageOnly.status, imageOnly.text).toBe(201);

    const list = await anonB.get(`/api/questions/${qid}/comments`);
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual(expect.arrayContaining([ok.json.id, imageOnly.json.id]));
    expect(list.json.find((c: { id: string }) => c.id === ok.json.id)).toMatchObject({ content: 'Lekker!', imageUrl: ok.json.imageUrl, thumbUrl: ok.json.thumbUrl });
    expect(list.json.find((c: { id: string }) => c.id === imageOnly.json.id)).toMatchObject({ content: '', thumbWidth: 1 });

    // Deleted: both sizes are 404 at once, a revalidation too (nothing in the gateway keeps them).
    expect((await del(u.b, `/api/comments/${ok.json.id}`)).status).toBe(200);
    for (const path of [ok.json.imageUrl, ok.json.thumbUrl]) {
      expect((await getBytes(gw.base, path)).status).toBe(404);
      expect((await getBytes(gw.base, path, { 'if-none-match': etag })).status).toBe(404);
    }
  });

  it('needs a session and an existing question', async () => {
    const u = await user('cm_other');
    expectCleanError(await anonB.post(`/api/questions/${qid}/comments`, { content: 'hi' }), 401);
    expectCleanError(await u.b.post(`/api/questions/${randomUUID()}/comments`, { content: 'hi' }), 404);
    expect((await getBytes(gw.base, `/api/comments/${randomUUID()}/image`)).status).toBe(404);
  });

  it('only the author or an admin may delete a comment', async () => {
    const [author, other] = await Promise.all([user('cd_author'), user('cd_other')]);
    const c1 = await comment(author, qid, 'First!');
    const c2 = await comment(author, qid, 'Second thoughts');
    expectCleanError(await del(other.b, `/api/comments/${c1.id}`), 403, 'You can only delete your own comments');
    expectCleanError(await del(anonB, `/api/comments/${c1.id}`), 401);

    const mine = await del(author.b, `/api/comments/${c1.id}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual({ success: true, questionId: qid });
    expectCleanError(await del(author.b, `/api/comments/${c1.id}`), 404, 'Comment not found');

    const byAdmin = await del(adminB, `/api/comments/${c2.id}`);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const left = ids(await anonB.get(`/api/questions/${qid}/comments`));
    expect(left).not.toContain(c1.id);
    expect(left).not.toContain(c2.id);
  });

  it('counts comments in the public questions and maps question id → up to 3 latest comments', async () => {
    const q2 = await publishQuestion(system, questions);
    const quiet = await publishQuestion(system, questions);
    const [a, b] = await Promise.all([user('cc_a'), user('cc_b')]);
    const posted = [];
    for (const [u, text] of [[a, 'one'], [b, 'two'], [a, 'three'], [b, 'four']] as const) posted.push(await comment(u, q2, text));

    const pub = await anonB.get('/api/questions/public');
    expect(pub.status).toBe(200);
    const byId = new Map((pub.json as { id: string; commentCount: number }[]).map((q) => [q.id, q]));
    expect(byId.get(q2)!.commentCount).toBe(4);
    expect(byId.get(quiet)!.commentCount).toBe(0);

    const latest = await anonB.get('/api/comments/public');
    expect(latest.status).toBe(200);
    expect(latest.json[q2].map((c: { content: string }) => c.content)).toEqual(['four', 'three', 'two']);
    expect(latest.json[q2][0]).toMatchObject({ id: posted[3]!.id, userId: b.id, user: { username: b.username } });
    expect(latest.json[quiet] ?? []).toEqual([]);
  });

  it('deleting the question removes its comments', async () => {
    const q3 = await publishQuestion(system, questions);
    const u = await user('cq_author');
    const c = await comment(u, q3, 'Going, going...');
    const withImage = await u.b.post(`/api/questions/${q3}/comments`, { content: 'pic', imageUrl: dataUrl('image/png', PNG) });
    expect(withImage.status).toBe(201);
    expect(ids(await anonB.get(`/api/questions/${q3}/comments`))).toEqual([c.id, withImage.json.id]);

    const gone = await del(adminB, `/api/admin/questions/${q3}`);
    expect(gone.status, gone.text).toBeLessThan(300);
    await until(async () => {
      const res = await anonB.get(`/api/questions/${q3}/comments`);
      return res.status === 404 || (res.status === 200 && res.json.length === 0) ? true : undefined;
    }, 10_000);
    expect((await getBytes(gw.base, withImage.json.imageUrl)).status).toBe(404);
    expect((await anonB.get('/api/comments/public')).json[q3]).toBeUndefined();
  });

  it('the 11th comment within a minute by one user is 429', async () => {
    const u = await user('cr_fast');
    for (let i = 1; i <= 10; i++) await comment(u, qid, `comment ${i}`);
    const res = await u.b.post(`/api/questions/${qid}/comments`, { content: 'one too many' });
    expectCleanError(res, 429, /^You are commenting too fast\. Please try again in \d+ seconds\.$/);
    expect(res.json).toMatchObject({ code: 'commentTooFast', params: { seconds: expect.any(Number) } });
    expect(res.json.message).toContain(`in ${res.json.params.seconds} seconds`);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else may still comment.
    await comment(await user('cr_slow'), qid, 'my turn');
  });

  it('a 1 MB body on a non-comment route is 413', async () => {
    const u = await user('cb_big');
    const body = JSON.stringify({ userId: u.id, questionId: qid, optionId: 'yes', padding: 'x'.repeat(1024 * 1024) });
    expectCleanError(await u.b.req('POST', '/api/answers', { body, headers: { 'content-type': 'application/json' } }), 413, 'Request body is too large');
    expectCleanError(await u.b.req('POST', '/api/friendships', { body, headers: { 'content-type': 'application/json' } }), 413, 'Request body is too large');
  });
});

describe('GET /api/feed/friends', () => {
  it('is empty without friends, then shows only questions with friend activity', async () => {
    const [d, e, stranger] = await Promise.all([user('fd_d'), user('fd_e'), user('fd_x')]);
    expectCleanError(await anonB.get('/api/feed/friends'), 401);
    expect((await d.b.get('/api/feed/friends')).json).toEqual({ friendCount: 0, questions: [] });

    await befriend(d, e);
    const [q1, q2] = [await publishQuestion(system, questions), await publishQuestion(system, questions)];
    expect((await d.b.get('/api/feed/friends')).json).toEqual({ friendCount: 1, questions: [] });

    await answer(e, q1, 'no');
    const c = await comment(e, q1, 'No chance, bru');
    await answer(stranger, q2, 'yes');
    await comment(stranger, q2, 'Easy win');
    await answer(d, q2, 'yes');

    const feed = await d.b.get('/api/feed/friends');
    expect(feed.status, feed.text).toBe(200);
    expect(feed.json.friendCount).toBe(1);
    expect(feed.json.questions.map((q: { id: string }) => q.id)).toEqual([q1]);
    const [item] = feed.json.questions;
    expect(item.friendAnswers).toEqual([{ userId: e.id, name: e.name, username: e.username, optionId: 'no', optionText: 'No' }]);
    expect(item.friendComments).toEqual([expect.objectContaining({ id: c.id, userId: e.id, content: 'No chance, bru' })]);
    expect(item.friendCommentCount).toBe(1);
    expect(item.totalVotes).toBe(1);
    expect(JSON.stringify(feed.json)).not.toContain(stranger.id);
  });
});
