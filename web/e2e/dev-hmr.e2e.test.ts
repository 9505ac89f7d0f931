// `make dev`: the gateway in front of Vite's dev server (WEB_DEV_SERVER_URL). A React component edited on
// disk shows its new text in the open page without a reload (Vite's HMR socket passes through the gateway), and the
// page's /ws still reaches the gateway's live channel. A small app of its own in web/.dev/ (git-ignored; not in
// test-results/, which Vite never watches) is edited, never the real web's sources (other tests read them).
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { deleteTestStreams } from '../../services/kit/src/testing.ts';
import { entry, freePort, launch, startWebDevServer, stopChild, waitForHttp } from '../../scripts/stack.ts';
import { launchBrowser } from './browser.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const suffix = randomBytes(4).toString('hex');
const app = path.join(web, '.dev', `dev-hmr-${suffix}`);
const namespace = `e2edev${suffix}`;

const greeting = (version: string) => `import { useState } from 'react';

export function Greeting() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <p id="greeting">Hello from ${version}</p>
      <button id="count" onClick={() => setCount((n) => n + 1)}>{count}</button>
    </main>
  );
}
`;

let vite: { url: string; child: ChildProcess } | undefined;
let gateway: ChildProcess | undefined;
let browser: Browser | undefined;
let baseUrl = '';

beforeAll(async () => {
  mkdirSync(path.join(app, 'src'), { recursive: true });
  writeFileSync(
    path.join(app, 'vite.config.mjs'),
    `import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], optimizeDeps: { include: ['react', 'react/jsx-dev-runtime', 'react-dom/client'] } };\n`,
  );
  writeFileSync(path.join(app, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n');
  writeFileSync(
    path.join(app, 'src', 'main.tsx'),
    `import { createRoot } from 'react-dom/client';\nimport { Greeting } from './Greeting';\ncreateRoot(document.getElementById('root')!).render(<Greeting />);\n`,
  );
  writeFileSync(path.join(app, 'src', 'Greeting.tsx'), greeting('v1'));

  const logs = path.join(web, '..', 'test-results', 'logs', `dev-hmr-${suffix}`);
  vite = await startWebDevServer({ port: await freePort(), root: app, logs });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const env = {
    NODE_ENV: 'test',
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    PUBLIC_URL: baseUrl,
    REDIS_PREFIX: `${namespace}:`,
    EVENTS_NAMESPACE: namespace,
    WEB_DEV_SERVER_URL: vite.url,
  };
  gateway = launch('gateway', entry('gateway', false), env, logs);
  await waitForHttp('gateway', `${baseUrl}/healthz`, 60_000, gateway);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (gateway) await stopChild(gateway);
  if (vite) await stopChild(vite.child);
  await deleteTestStreams(namespace).catch(() => undefined);
  rmSync(app, { recursive: true, force: true });
});

test('a component edited on disk updates the open page without a reload; /ws is still the live channel', async () => {
  const page = await browser!.newPage();
  const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 30_000 });
  const response = await page.goto(baseUrl);
  // The page came through the gateway (its request id), from Vite (its client script).
  expect(response?.headers()['x-request-id']).toBeTruthy();
  await connected;
  await page.locator('#greeting', { hasText: 'Hello from v1' }).waitFor();
  await page.click('#count');
  await page.locator('#count', { hasText: '1' }).waitFor();
  await page.evaluate(() => Object.assign(window, { loadedOnce: true }));

  writeFileSync(path.join(app, 'src', 'Greeting.tsx'), greeting('v2'));
  await page.locator('#greeting', { hasText: 'Hello from v2' }).waitFor({ timeout: 20_000 });
  // Not reloaded: the window keeps what was set on it, and React Fast Refresh kept the component's state.
  expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  expect(await page.locator('#count').textContent()).toBe('1');

  const live = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/ws`);
        socket.onopen = () => {
          resolve('open');
          socket.close();
        };
        socket.onclose = (e) => resolve(`closed ${e.code}`);
      }),
  );
  expect(live).toBe('open');
  await page.close();
});
