/**
 * Smoke test after a deploy: every public surface answers, with ZERO errors allowed.
 *   k6 run -e BASE_URL=https://predicts.example.org load-tests/smoke.ts
 * Optional: ADMIN_USERNAME / ADMIN_PASSWORD (then the admin-only list is read too), SMOKE_VUS, SMOKE_DURATION.
 */
import http from 'k6/http';
import ws from 'k6/ws';
import { check, group, sleep } from 'k6';
import type { Options } from 'k6/options';
import { BASE_URL, WS_URL, login, type Question } from './lib.ts';

export const options: Options = {
  vus: Number(__ENV.SMOKE_VUS || 2),
  duration: __ENV.SMOKE_DURATION || '30s',
  thresholds: {
    // Zero errors: any failed request or check fails the deploy.
    http_req_failed: ['rate==0'],
    checks: ['rate==1'],
    http_req_duration: ['p(95)<500', 'p(99)<1000'],
    'http_req_duration{name:public-results}': ['p(95)<200'],
    ws_connecting: ['p(95)<1000'],
  },
};

// 401 from /api/auth/me while signed out is the expected answer, not a failure.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 399 }, 401));

export default function () {
  group('probes', () => {
    check(http.get(`${BASE_URL}/healthz`, { tags: { name: 'healthz' } }), { 'healthz 200': (r) => r.status === 200 });
    check(http.get(`${BASE_URL}/readyz`, { tags: { name: 'readyz' } }), { 'readyz 200': (r) => r.status === 200 });
  });

  group('spa', () => {
    const page = http.get(`${BASE_URL}/`, { tags: { name: 'index' } });
    check(page, { 'index 200': (r) => r.status === 200, 'index is html': (r) => String(r.headers['Content-Type'] || '').includes('text/html') });
    check(http.get(`${BASE_URL}/sw.js`, { tags: { name: 'sw' } }), { 'sw.js 200': (r) => r.status === 200 });
  });

  group('public api', () => {
    const list = http.get(`${BASE_URL}/api/questions/public`, { tags: { name: 'questions-public' } });
    check(list, { 'public 200': (r) => r.status === 200, 'public is a list': (r) => Array.isArray(r.json()) });
    check(http.get(`${BASE_URL}/api/questions/today`, { tags: { name: 'questions-today' } }), { 'today 200': (r) => r.status === 200 });
    const qs = (list.status === 200 ? (list.json() as unknown as Question[]) : []) || [];
    const first = qs[0];
    if (first) {
      const res = http.get(`${BASE_URL}/api/questions/${first.id}/public-results`, { tags: { name: 'public-results' } });
      check(res, { 'public-results 200': (r) => r.status === 200, 'has totalVotes': (r) => typeof (r.json() as { totalVotes?: number }).totalVotes === 'number' });
    }
    check(http.get(`${BASE_URL}/api/auth/me`, { tags: { name: 'me-anonymous' } }), { 'me signed out 401': (r) => r.status === 401 });
  });

  if (__ENV.ADMIN_PASSWORD) {
    group('admin', () => {
      const cookie = login(__ENV.ADMIN_USERNAME || 'admin', __ENV.ADMIN_PASSWORD || '');
      if (!cookie) return;
      const res = http.get(`${BASE_URL}/api/admin/questions`, { headers: { Cookie: cookie }, tags: { name: 'admin-questions' } });
      check(res, { 'admin list 200': (r) => r.status === 200 });
    });
  }

  group('live channel', () => {
    const res = ws.connect(WS_URL, { headers: { Origin: BASE_URL }, tags: { name: 'ws' } }, (socket) => {
      socket.on('open', () => socket.setTimeout(() => socket.close(), 1000));
      socket.on('error', () => socket.close());
    });
    check(res, { 'ws 101': (r) => !!r && r.status === 101 });
  });

  sleep(1);
}
