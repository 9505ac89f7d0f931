import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sleep } from '@mzansi/kit/testing';
import { EMAIL_SUBJECT } from '../src/domain/messages.js';
import { browserKeys, decryptPush, fakePushService, inChunks, mailFiles, notificationHarness, type FakePush, type Harness, type Running } from './helpers.js';

const USERS = 1000;

let push: FakePush;
let h: Harness;
let svc: Running;
const keys = browserKeys(); // one browser key pair for every subscription keeps the setup fast
const endpoints: string[] = [];
/** Addresses that must get the question e-mail: e-mail notifications on and a verified address. */
const emailable = new Set<string>();

/**
 * Publishes `questions.question.published` for a new question exactly as the questions service's outbox relay does
 * (envelope on the namespace's QUESTIONS stream, Nats-Msg-Id = event id). The questions service itself is not started
 * here, so these tests do not depend on another team's work in progress.
 */
async function publishQuestion(text: string, translations: Record<string, { text: string; context: string; options: Record<string, string> }> = {}) {
  const id = randomUUID();
  const now = new Date();
  const eventId = await h.publish('questions.question.published', {
    question: {
      id,
      text,
      context: '',
      date: now,
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      publishedAt: now,
      tags: ['politics'],
      translations,
    },
  });
  return { id, text, eventId };
}

const questionMails = async (text: string) => (await mailFiles(h.mailDir)).filter((m) => m.text.includes(text));

beforeAll(async () => {
  push = await fakePushService();
  h = await notificationHarness({ PUSH_CONCURRENCY: '10', PUSH_BATCH_SIZE: '100', PUSH_DEV_ORIGIN: push.origin });
  svc = await h.start();
  const client = h.client(svc);

  // 1,000 users with a browser subscription each, through the real API.
  const users = Array.from({ length: USERS }, () => randomUUID());
  await inChunks(users, 50, async (id, i) => {
    const endpoint = push.endpoint(`u${String(i).padStart(4, '0')}`);
    endpoints.push(endpoint);
    await client.subscribe({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, { actor: { id, isAdmin: false } });
  });

  // Their contacts, from identity events: every fifth has e-mail notifications off, every fifth no address, every
  // seventh an address not verified yet (no mail to it); 20 more users have an address but no push
  // subscription.
  const contacts = [...users, ...Array.from({ length: 20 }, () => randomUUID())];
  for (const [i, id] of contacts.entries()) {
    const email = i % 5 === 1 ? '' : `user${i}@example.com`;
    const emailNotifications = i % 5 !== 0;
    const emailVerified = i % 7 !== 3;
    if (email && emailNotifications && emailVerified) emailable.add(email);
    await h.publish('identity.user.registered', {
      user: {
        id,
        username: `user${i}`,
        name: `User ${i}`,
        email,
        phoneNumber: '',
        isAdmin: false,
        emailNotifications,
        browserNotifications: true,
        whatsappNotifications: false,
        joinDate: new Date(),
        emailVerified,
      },
    });
  }
  // A later update turns e-mail off for one of them.
  await h.publish('identity.user.updated', {
    user: {
      id: contacts[2]!,
      username: 'user2',
      name: 'User 2',
      email: 'user2@example.com',
      phoneNumber: '',
      isAdmin: false,
      emailNotifications: false,
      browserNotifications: true,
      whatsappNotifications: false,
      joinDate: new Date(),
      emailVerified: true,
    },
  });
  emailable.delete('user2@example.com');
  await eventually(
    async () => {
      const [row] = await h.sql(svc, 'SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT email_notifications)::int AS off FROM contacts');
      return row.n === contacts.length && row.off === USERS / 5 + 4 + 1;
    },
    30_000,
    50,
  );
}, 120_000);

afterAll(async () => {
  await h?.cleanup();
  await push?.close();
});

describe('a published question', () => {
  it('reaches every subscription exactly once and e-mails exactly the contacts who want it', async () => {
    push.reset();
    const started = Date.now();
    const question = await publishQuestion(`Will the ANC win more than 40% in Gauteng ${randomUUID().slice(0, 6)}`);
    await h.jobFinished(svc, question.eventId);
    const ms = Date.now() - started;

    const counts = push.countsByPath();
    expect(counts.size).toBe(USERS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(new Set(endpoints.map(push.pathOf)));

    // What the browser decrypts.
    const sample = push.received[0]!;
    expect(sample.headers.ttl).toBe('3600');
    expect(sample.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(decryptPush(sample.body, keys)).toEqual({
      // The notification's id, which the service worker reports back on a click (push clicks).
      id: question.eventId,
      title: 'Mzansi Predicts Question!',
      body: `${question.text}?`,
      url: '/vote',
      questionId: question.id,
      tag: `question-${question.id}`,
    });

    const mails = await questionMails(question.text);
    expect(mails).toHaveLength(emailable.size);
    expect(new Set(mails.map((m) => m.to))).toEqual(emailable);
    expect(mails[0]!.subject).toBe(EMAIL_SUBJECT);
    expect(mails[0]!.text).toContain('https://mzansi.test/vote');
    expect(mails[0]!.text).toContain('text/html');

    const rows = await h.sql(svc, 'SELECT channel, status, count(*)::int AS n FROM deliveries WHERE event_id = $1 GROUP BY 1, 2 ORDER BY 1, 2', [
      question.eventId,
    ]);
    expect(rows).toEqual([
      { channel: 'email', status: 'sent', n: emailable.size },
      { channel: 'push', status: 'sent', n: USERS },
    ]);
    console.info(`delivered ${USERS} pushes and ${emailable.size} e-mails in ${ms} ms`);

    // The same event delivered again (a redelivery, or a relay re-publishing it) has no second effect.
    await h.publish(
      'questions.question.published',
      { question: { id: question.id, text: question.text, context: '', date: new Date(), options: [], publishedAt: new Date(), tags: [], translations: {} } },
      { id: question.eventId, msgId: randomUUID() },
    );
    await sleep(1_500); // absence needs a wait: a second round of pushes and mails would start well within it
    expect(push.received).toHaveLength(USERS);
    expect(await questionMails(question.text)).toHaveLength(emailable.size);
  });

  it('is delivered exactly once even when the service stops in the middle and starts again', async () => {
    push.reset();
    push.delayMs = 60;
    const question = await publishQuestion(`Will load-shedding return before winter ${randomUUID().slice(0, 6)}`);
    await eventually(() => push.received.length >= 300, 30_000, 5);
    await svc.stop();
    const atStop = push.received.length;
    expect(atStop).toBeGreaterThanOrEqual(300);
    expect(atStop).toBeLessThan(USERS);
    // Every request that went out before the stop was answered and recorded; nothing more goes out. Read before the
    // service starts again: its worker takes the job up at once, and its requests in flight are 'sending' by design.
    await sleep(300);
    expect(push.received.length).toBe(atStop);
    const [recorded] = await h.db.query(
      "SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE attempts > 0 AND status = 'sending')::int AS unsettled FROM deliveries WHERE event_id = $1 AND channel = 'push'",
      [question.eventId],
    );
    expect(recorded.unsettled).toBe(0);
    expect(recorded.sent).toBeGreaterThanOrEqual(atStop);

    push.delayMs = 0;
    svc = await h.start();
    await h.jobFinished(svc, question.eventId);
    const counts = push.countsByPath();
    expect(counts.size).toBe(USERS);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(push.received).toHaveLength(USERS);
    expect(await questionMails(question.text)).toHaveLength(emailable.size);
    console.info(`stopped after ${atStop} pushes, resumed and finished with ${counts.size} distinct endpoints`);
  });

  it('drops subscriptions answered 404/410, retries 5xx, and does not retry other 4xx', async () => {
    const client = h.client(svc);
    const k = browserKeys();
    const special = {
      gone410: push.endpoint(`gone-410-${randomUUID()}`),
      gone404: push.endpoint(`gone-404-${randomUUID()}`),
      flaky: push.endpoint(`flaky-${randomUUID()}`),
      bad: push.endpoint(`bad-${randomUUID()}`),
    };
    push.answer(special.gone410, 410);
    push.answer(special.gone404, 404);
    push.answerFirst(special.flaky, [503, 502]);
    push.answer(special.bad, 400);
    for (const endpoint of Object.values(special)) {
      await client.subscribe({ endpoint, keys: { p256dh: k.p256dh, auth: k.auth } }, { actor: { id: randomUUID(), isAdmin: false } });
    }
    push.reset();
    const { eventId } = await publishQuestion('Will Parliament pass the budget');
    await h.jobFinished(svc, eventId);

    const counts = push.countsByPath();
    expect(counts.size).toBe(USERS + 4);
    expect(counts.get(push.pathOf(special.flaky))).toBe(3);
    expect(counts.get(push.pathOf(special.bad))).toBe(1);
    expect(counts.get(push.pathOf(special.gone410))).toBe(1);
    expect([...counts.entries()].filter(([p]) => p.startsWith('/push/u')).every(([, n]) => n === 1)).toBe(true);

    const status = async (endpoint: string) =>
      (await h.sql(svc, "SELECT status, attempts FROM deliveries WHERE event_id = $1 AND channel = 'push' AND target = $2", [eventId, endpoint]))[0];
    expect(await status(special.gone410)).toEqual({ status: 'gone', attempts: 1 });
    expect(await status(special.gone404)).toEqual({ status: 'gone', attempts: 1 });
    expect(await status(special.flaky)).toEqual({ status: 'sent', attempts: 3 });
    expect(await status(special.bad)).toEqual({ status: 'failed', attempts: 1 });

    const left = await h.sql(svc, 'SELECT endpoint FROM push_subscriptions WHERE endpoint = ANY($1)', [Object.values(special)]);
    expect(left.map((r) => r.endpoint).sort()).toEqual([special.bad, special.flaky].sort());
  });
});

describe('a published question in the reader’s language', () => {
  it('reaches an isiZulu reader in isiZulu (the admin’s translation), an Afrikaans one in Afrikaans, anyone else in English', async () => {
    const client = h.client(svc);
    const k = browserKeys();
    const readers = { zu: randomUUID(), af: randomUUID(), fr: randomUUID(), none: randomUUID() };
    const endpointOf = Object.fromEntries(Object.keys(readers).map((l) => [l, push.endpoint(`lang-${l}-${randomUUID()}`)]));
    for (const [language, id] of Object.entries(readers)) {
      await client.subscribe({ endpoint: endpointOf[language]!, keys: { p256dh: k.p256dh, auth: k.auth } }, { actor: { id, isAdmin: false } });
      if (language === 'none') continue; // no contact at all: English
      await h.publish('identity.user.registered', {
        user: { id, username: `lang_${language}`, name: language, email: '', phoneNumber: '', isAdmin: false, emailNotifications: false, browserNotifications: true, whatsappNotifications: false, joinDate: new Date(), emailVerified: false, language },
      });
    }
    await eventually(async () => (await h.sql(svc, 'SELECT count(*)::int AS n FROM contacts WHERE user_id = ANY($1)', [Object.values(readers)]))[0].n === 3, 10_000, 25);
    const languages = await h.sql(svc, 'SELECT user_id, language FROM contacts WHERE user_id = ANY($1)', [Object.values(readers)]);
    expect(Object.fromEntries(languages.map((r) => [r.user_id, r.language]))).toEqual({ [readers.zu]: 'zu', [readers.af]: 'af', [readers.fr]: 'en' });

    push.reset();
    const { eventId } = await publishQuestion('Will Bafana Bafana win on Saturday', {
      zu: { text: 'Ingabe iBafana Bafana izowina ngoMgqibelo', context: '', options: {} },
    });
    await h.jobFinished(svc, eventId);
    const shown = (language: string) => {
      const got = push.received.filter((r) => r.path === push.pathOf(endpointOf[language]!));
      expect(got, language).toHaveLength(1);
      return decryptPush(got[0]!.body, k) as { title: string; body: string };
    };
    expect(shown('zu')).toMatchObject({ title: 'Umbuzo we-Mzansi Predicts!', body: 'Ingabe iBafana Bafana izowina ngoMgqibelo?' });
    expect(shown('af')).toMatchObject({ title: 'Mzansi Predicts-vraag!', body: 'Will Bafana Bafana win on Saturday?' });
    expect(shown('fr')).toMatchObject({ title: 'Mzansi Predicts Question!', body: 'Will Bafana Bafana win on Saturday?' });
    expect(shown('none')).toMatchObject({ title: 'Mzansi Predicts Question!', body: 'Will Bafana Bafana win on Saturday?' });
    // Everyone else (the 1,000 without a language) in English, each once.
    const english = push.received.filter((r) => r.path.startsWith('/push/u'));
    expect(english).toHaveLength(USERS);
    expect(decryptPush(english[0]!.body, keys)).toMatchObject({ title: 'Mzansi Predicts Question!' });
  });
});
