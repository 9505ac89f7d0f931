import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, grpc, isGrpcError } from '@mzansi/kit';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { expectCleanError, signUp, uname, type Browser, resolveBody } from './helpers.js';
import { system, gw, adminB, aliceB, bobB, anonB, alice, bob, del, ok, publishedQuestion, useResearchStack } from './research-setup.js';

/** Question suggestions and the admin analytics (the stack: ./research-setup.ts). */
useResearchStack();

describe('question suggestions', () => {
  const suggest = (b: Browser, title: string, description?: string | null) => b.post('/api/question-suggestions', { title, description });

  it('title at 9, 10, 200 and 201 characters, with the exact messages; signed out → 401', async () => {
    expectCleanError(await suggest(aliceB, 'a'.repeat(9)), 400, 'Question must be at least 10 characters');
    expectCleanError(await aliceB.post('/api/question-suggestions', {}), 400, 'Question must be at least 10 characters');
    const ten = ok(await suggest(aliceB, 'b'.repeat(10)), 201);
    expect(ten).toMatchObject({ title: 'b'.repeat(10), description: null, status: 'pending', adminNotes: null });
    ok(await suggest(aliceB, 'c'.repeat(200), ''), 201);
    expectCleanError(await suggest(aliceB, 'd'.repeat(201)), 400, 'Question must be less than 200 characters');
    expectCleanError(await suggest(aliceB, 'Will the rand strengthen', 'x'.repeat(2001)), 400, 'Description must be at most 2000 characters');
    expectCleanError(await suggest(anonB, 'Will the rand strengthen'), 401);
    expectCleanError(await anonB.get('/api/question-suggestions'), 401);
  });

  it('users see only their own; they cannot review others’ or delete them; the admin reviews and the author sees it', async () => {
    const created = ok(await suggest(aliceB, '  Will Eskom publish a winter outlook this month  ', 'They usually do in May.'), 201);
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Will Eskom publish a winter outlook this month',
      description: 'They usually do in May.',
      status: 'pending',
      adminNotes: null,
      user: { id: alice.id, name: `Name of ${alice.username}`, username: alice.username },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      questionId: null,
    });
    const bobs = ok(await suggest(bobB, 'Will the Stormers win the URC this season'), 201);

    // Bob sees only his own, whatever he asks for.
    const bobList = ok(await bobB.get('/api/question-suggestions'));
    expect(bobList.map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(ok(await bobB.get('/api/question-suggestions?status=pending')).map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(ok(await bobB.get('/api/question-suggestions?user=me')).map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(bobList[0].user).toEqual({ id: bob.id, name: `Name of ${bob.username}`, username: bob.username });

    // Bob cannot review or delete Alice's; nor can Alice delete her own (admin-only).
    expectCleanError(await bobB.put(`/api/question-suggestions/${created.id}`, { status: 'approved', adminNotes: 'mine now' }), 403, 'Admin access required');
    expectCleanError(await aliceB.put(`/api/question-suggestions/${created.id}`, { status: 'approved' }), 403, 'Admin access required');
    expectCleanError(await anonB.put(`/api/question-suggestions/${created.id}`, { status: 'approved' }), 401);
    expectCleanError(await del(bobB, `/api/question-suggestions/${created.id}`), 403, 'Admin access required');
    expectCleanError(await del(aliceB, `/api/question-suggestions/${created.id}`), 403, 'Admin access required');
    expectCleanError(await del(anonB, `/api/question-suggestions/${created.id}`), 401);

    // The admin sees everyone's (with names from identity), filters by status, and ?user=me gives only the admin's own.
    const all = ok(await adminB.get('/api/question-suggestions'));
    expect(all.find((s: { id: string }) => s.id === created.id)).toEqual(created);
    expect(all.find((s: { id: string }) => s.id === bobs.id).user.username).toBe(bob.username);
    expect(ok(await adminB.get('/api/question-suggestions?user=me'))).toEqual([]);
    expectCleanError(await adminB.get('/api/question-suggestions?status=maybe'), 400);

    // Review: a status is required.
    expectCleanError(await adminB.put(`/api/question-suggestions/${created.id}`, { adminNotes: 'x' }), 400, 'Please choose a status');
    expectCleanError(await adminB.put(`/api/question-suggestions/${created.id}`, { status: 'maybe' }), 400, 'Please choose a status');
    expectCleanError(await adminB.put(`/api/question-suggestions/${randomUUID()}`, { status: 'used' }), 404, 'Suggestion not found');
    const reviewed = ok(await adminB.put(`/api/question-suggestions/${created.id}`, { status: 'approved', adminNotes: 'Scheduled for next week' }));
    expect(reviewed).toMatchObject({ id: created.id, status: 'approved', adminNotes: 'Scheduled for next week', user: created.user });

    // The author sees the status and notes.
    const mine = ok(await aliceB.get('/api/question-suggestions?user=me'));
    expect(mine.find((s: { id: string }) => s.id === created.id)).toMatchObject({ status: 'approved', adminNotes: 'Scheduled for next week' });
    expect(ok(await aliceB.get('/api/question-suggestions?status=approved')).map((s: { id: string }) => s.id)).toEqual([created.id]);
    expect(ok(await adminB.get('/api/question-suggestions?status=approved')).map((s: { id: string }) => s.id)).toContain(created.id);
    expect(ok(await adminB.get('/api/question-suggestions?status=approved')).map((s: { id: string }) => s.id)).not.toContain(bobs.id);

    // Delete rules: admins only, pending or reviewed; the author's pending one stays after their refused delete.
    expectCleanError(await del(aliceB, `/api/question-suggestions/${created.id}`), 403, 'Admin access required');
    expectCleanError(await del(bobB, `/api/question-suggestions/${bobs.id}`), 403, 'Admin access required');
    expect(ok(await bobB.get('/api/question-suggestions')).map((s: { id: string }) => s.id)).toEqual([bobs.id]);
    expect(ok(await del(adminB, `/api/question-suggestions/${bobs.id}`))).toEqual({ success: true });
    expect(ok(await bobB.get('/api/question-suggestions'))).toEqual([]);
    expect(ok(await del(adminB, `/api/question-suggestions/${created.id}`))).toEqual({ success: true });
    expectCleanError(await del(adminB, `/api/question-suggestions/${created.id}`), 404, 'Suggestion not found');
    expect(ok(await aliceB.get('/api/question-suggestions')).map((s: { id: string }) => s.id)).not.toContain(created.id);
  });
});

describe('GET /api/admin/analytics', () => {
  type Analytics = {
    users: { total: number; newThisWeek: number };
    answersToday: number;
    questions: { draft: number; published: number; resolved: number; archived: number };
    suggestionsPending: number;
  };
  const analytics = async () => ok(await adminB.get('/api/admin/analytics')) as Analytics;

  it('real figures that move with users, answers, questions and suggestions', async () => {
    const before = await analytics();
    expect(Object.keys(before).sort()).toEqual(['answersToday', 'questions', 'suggestionsPending', 'users']);

    // Users: a sign-up counts in both; someone who joined a month ago only in the total.
    const carol = await signUp(gw.browser(), uname('carol'));
    const afterSignup = await analytics();
    expect(afterSignup.users).toEqual({ total: before.users.total + 1, newThisWeek: before.users.newThisWeek + 1 });
    await system.identity.ctx.pool.query(`UPDATE users SET join_date = now() - interval '30 days' WHERE id = $1`, [carol.id]);
    expect((await analytics()).users).toEqual({ total: before.users.total + 1, newThisWeek: before.users.newThisWeek });

    // Questions: a draft, then a published one, then resolved, then archived.
    const draft = ok(
      await adminB.post('/api/admin/questions', { text: 'Analytics draft question', context: null, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] }),
      201,
    );
    expect((await analytics()).questions).toEqual({ ...before.questions, draft: before.questions.draft + 1 });
    const qid = await publishedQuestion(['analytics']);
    expect((await analytics()).questions).toEqual({ ...before.questions, draft: before.questions.draft + 1, published: before.questions.published + 1 });

    // Answers today (since 00:00 SAST): two answers count; one moved to yesterday no longer does.
    await system.projected(qid);
    ok(await aliceB.post('/api/answers', { questionId: qid, optionId: 'yes' }), 201);
    ok(await bobB.post('/api/answers', { questionId: qid, optionId: 'no' }), 201);
    expect((await analytics()).answersToday).toBe(before.answersToday + 2);
    await system.votingSql(`UPDATE answers SET submitted_at = now() - interval '2 days' WHERE question_id = $1 AND user_id = $2`, [qid, bob.id]);
    expect((await analytics()).answersToday).toBe(before.answersToday + 1);

    ok(await adminB.put(`/api/admin/questions/${qid}/resolve`, resolveBody('yes')));
    ok(await adminB.put(`/api/admin/questions/${draft.id}/archive`));
    expect((await analytics()).questions).toEqual({ ...before.questions, resolved: before.questions.resolved + 1, archived: before.questions.archived + 1 });

    // Pending suggestions.
    const s = ok(await aliceB.post('/api/question-suggestions', { title: 'Will analytics count this suggestion' }), 201);
    expect((await analytics()).suggestionsPending).toBe(before.suggestionsPending + 1);
    ok(await adminB.put(`/api/question-suggestions/${s.id}`, { status: 'rejected' }));
    expect((await analytics()).suggestionsPending).toBe(before.suggestionsPending);
  });

  it('the services refuse the counting calls to non-admins themselves (not only the gateway)', async () => {
    const identity = createPromiseClient(IdentityServiceClient, system.identityAddress, { internalKeys: DEV_INTERNAL_KEYS });
    const voting = createPromiseClient(VotingServiceClient, system.gatewayEnv.VOTING_GRPC_ADDR!, { internalKeys: DEV_INTERNAL_KEYS });
    try {
      const member = { actor: { id: alice.id, isAdmin: false } };
      const code = (p: Promise<unknown>) => p.then(() => 'OK', (e: unknown) => (isGrpcError(e) ? grpc.status[e.code] : String(e)));
      expect(await code(identity.countUsers({ joinedSince: new Date() }, member))).toBe('PERMISSION_DENIED');
      expect(await code(identity.countUsers({ joinedSince: new Date() }))).toBe('UNAUTHENTICATED');
      expect(await code(voting.countAnswers({ since: new Date() }, member))).toBe('PERMISSION_DENIED');
      expect(await code(voting.countAnswers({ since: new Date() }))).toBe('UNAUTHENTICATED');
      const boss = { actor: { id: randomUUID(), isAdmin: true } };
      expect((await identity.countUsers({ joinedSince: new Date(Date.now() + 3600_000) }, boss)).joined).toBe(0);
      expect((await voting.countAnswers({ since: new Date(Date.now() + 3600_000) }, boss)).count).toBe(0);
    } finally {
      identity.close();
      voting.close();
    }
  });
});
