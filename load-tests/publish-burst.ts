/**
 * The publish burst: every player logs in and holds the live channel (/ws); the admin publishes a question;
 * every player votes within VOTE_WINDOW_S of seeing `new-question`, then polls the public results every 5 s
 * until the hold ends.
 *
 *   k6 run -e BASE_URL=https://predicts.example.org -e PLAYERS=10000 \
 *          -e USER_PREFIX=loadtest- -e USER_PASSWORD=… -e ADMIN_PASSWORD=… load-tests/publish-burst.ts
 *
 * Players must exist already: `${USER_PREFIX}${n}` for n = 1..PLAYERS, all with USER_PASSWORD (seed them in the
 * target environment beforehand; signup is rate-limited per IP, so the test does not sign them up). Spread the
 * players over several load generators for 10,000+ (each VU holds one socket).
 * The Node harness `make bench` runs the same scenario locally where k6 is absent (load-tests/bench/).
 */
import http from 'k6/http';
import ws from 'k6/ws';
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { BASE_URL, JSON_HEADERS, WS_URL, login, userIdOf, type Question } from './lib.ts';

const PLAYERS = Number(__ENV.PLAYERS || 1000);
/** Seconds the players get to connect before the admin publishes. */
const CONNECT_S = Number(__ENV.CONNECT_S || 60);
/** Everyone votes within this many seconds of the new-question message. */
const VOTE_WINDOW_S = Number(__ENV.VOTE_WINDOW_S || 10);
/** How long each player keeps the socket (and keeps polling) after publish. */
const HOLD_AFTER_PUBLISH_S = Number(__ENV.HOLD_AFTER_PUBLISH_S || 60);
const POLL_S = 5;
const USER_PREFIX = __ENV.USER_PREFIX || 'loadtest-';
const USER_PASSWORD = __ENV.USER_PASSWORD || '';
const ADMIN_USERNAME = __ENV.ADMIN_USERNAME || 'admin';
const ADMIN_PASSWORD = __ENV.ADMIN_PASSWORD || 'admin-dev-password';

const newQuestionDelay = new Trend('new_question_delivery_ms', true);
const votesRecorded = new Counter('votes_recorded');
const voteErrors = new Rate('vote_errors');
const missedQuestion = new Rate('new_question_missed');
const staleResults = new Rate('public_results_stale');

export const options: Options = {
  scenarios: {
    players: {
      executor: 'per-vu-iterations',
      exec: 'player',
      vus: PLAYERS,
      iterations: 1,
      maxDuration: `${CONNECT_S + HOLD_AFTER_PUBLISH_S + 60}s`,
    },
    admin: {
      executor: 'per-vu-iterations',
      exec: 'admin',
      vus: 1,
      iterations: 1,
      startTime: `${CONNECT_S}s`,
      maxDuration: '60s',
    },
  },
  thresholds: {
    vote_errors: ['rate==0'],
    new_question_missed: ['rate==0'],
    public_results_stale: ['rate==0'],
    'http_req_duration{name:vote}': ['p(99)<150'],
    'http_req_failed{name:vote}': ['rate==0'],
    'http_req_duration{name:public-results}': ['p(99)<100'],
    'http_req_failed{name:public-results}': ['rate==0'],
    // Clock skew between load generator and cluster counts against this one; keep generators NTP-synced.
    new_question_delivery_ms: ['p(99)<2000'],
    ws_connecting: ['p(95)<1000'],
    checks: ['rate>0.999'],
  },
  setupTimeout: '120s',
};

/** The admin creates and publishes one question; its publish time is what every player measures against. */
export function admin() {
  const cookie = login(ADMIN_USERNAME, ADMIN_PASSWORD);
  if (!cookie) fail('admin login failed');
  const headers = { ...JSON_HEADERS, Cookie: cookie };
  const created = http.post(
    `${BASE_URL}/api/admin/questions`,
    JSON.stringify({
      text: `Load test ${new Date().toISOString()}: will the burst hold`,
      context: 'k6 publish-burst',
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
      tags: ['loadtest'],
    }),
    { headers, tags: { name: 'admin-create' } },
  );
  if (!check(created, { 'create 201': (r) => r.status === 201 })) fail(`create failed: ${created.status}`);
  const id = (created.json() as unknown as Question).id;
  const published = http.post(`${BASE_URL}/api/admin/questions/${id}/publish`, null, { headers, tags: { name: 'admin-publish' } });
  check(published, { 'publish 200': (r) => r.status === 200 });
}

export function player() {
  const n = exec.scenario.iterationInTest + 1; // 1..PLAYERS: one iteration per player VU
  const cookie = login(`${USER_PREFIX}${n}`, USER_PASSWORD);
  if (!cookie) {
    missedQuestion.add(1);
    return;
  }
  const userId = userIdOf(cookie);
  let question: Question | null = null;
  let votedAt = 0;
  let voted = false;

  const res = ws.connect(WS_URL, { headers: { Cookie: cookie, Origin: BASE_URL }, tags: { name: 'ws' } }, (socket) => {
    const poll = () => {
      if (!question) return;
      const r = http.get(`${BASE_URL}/api/questions/${question.id}/public-results`, { tags: { name: 'public-results' } });
      const ok = check(r, { 'public-results 200': (x) => x.status === 200 });
      // Our own vote must show within 1 s (1 s cache): staleness check once the vote is 1 s old.
      if (ok && voted && Date.now() - votedAt > 1000) {
        staleResults.add((r.json() as { totalVotes: number }).totalVotes < 1 ? 1 : 0);
      }
    };

    socket.on('message', (data) => {
      let msg: { type?: string; question?: Question };
      try {
        msg = JSON.parse(String(data));
      } catch {
        return;
      }
      if (msg.type !== 'new-question' || question || !msg.question) return;
      question = msg.question;
      if (question.publishedAt) newQuestionDelay.add(Date.now() - Date.parse(question.publishedAt));
      // Vote at a random moment within the window, then poll every 5 s.
      socket.setTimeout(() => {
        const q = question!;
        const option = q.options[Math.floor(Math.random() * q.options.length)]!;
        const r = http.post(`${BASE_URL}/api/answers`, JSON.stringify({ userId: userId ?? undefined, questionId: q.id, optionId: option.id }), {
          headers: { ...JSON_HEADERS, Cookie: cookie },
          tags: { name: 'vote' },
        });
        const ok = check(r, { 'vote 201': (x) => x.status === 201 });
        voteErrors.add(ok ? 0 : 1);
        if (ok) {
          votesRecorded.add(1);
          voted = true;
          votedAt = Date.now();
        }
      }, Math.random() * VOTE_WINDOW_S * 1000);
      socket.setInterval(poll, POLL_S * 1000);
      socket.setTimeout(() => socket.close(), HOLD_AFTER_PUBLISH_S * 1000);
    });

    // Nobody waits forever: without a new question by the end of the connect phase + a minute, give up.
    socket.setTimeout(() => {
      if (!question) {
        missedQuestion.add(1);
        socket.close();
      }
    }, (CONNECT_S + 60) * 1000);
    socket.on('error', () => socket.close());
  });
  check(res, { 'ws 101': (r) => !!r && r.status === 101 });
  if (question) missedQuestion.add(0);
  sleep(1);
}
