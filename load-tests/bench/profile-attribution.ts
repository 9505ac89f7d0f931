/**
 * Where a process's CPU goes, from a V8 .cpuprofile, in two views `make bench-profile` prints per vote:
 *  - by caller: each sample is charged to the innermost frame that is not Node's own code, i.e. to the package or
 *    the function of ours that asked for the work (Node's http, net, crypto or streams code is charged to its caller,
 *    and named after the arrow: `express-session → _http_outgoing` is the response write express-session's `end`
 *    wrapper performs). Samples with no such frame are Node's own (GC, the event loop, the http parser).
 *  - inclusive: the time with a function anywhere on the stack (a middleware with everything it calls, the
 *    middlewares after it included when it calls next() synchronously).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

export interface Attribution {
  busyUs: number;
  byCaller: [string, number][];
  inclusive: [string, number][];
}

/** `node:…` for Node's own code, the package for node_modules, the file relative to `root` for ours. */
function whereOf(url: string, root: string): string {
  if (!url || url.startsWith('node:')) return url;
  const u = url.replace(/^file:\/\//, '');
  const i = u.lastIndexOf('node_modules/');
  if (i < 0) return path.relative(root, u).replace('/dist/', '/');
  const parts = u.slice(i + 13).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const isOurs = (where: string) => where !== '' && !where.startsWith('node:') && where.includes('/') && !where.startsWith('@');

/** Both views for the samples within [fromUs, toUs] (the profile's monotonic clock, as process.hrtime). */
export function attribute(file: string, fromUs: number, toUs: number, root: string): Attribution {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byCaller = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  let busyUs = 0;
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (t < fromUs || t > toUs) return;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    busyUs += dt;
    let caller = '';
    let area = '';
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const { functionName, url, lineNumber } = byId.get(cur)!.callFrame;
      const where = whereOf(url, root);
      const fn = functionName || '(anonymous)';
      const key = `${fn} ${where}${isOurs(where) ? `:${lineNumber + 1}` : ''}`;
      if (fn !== '(root)' && !seen.has(key)) {
        seen.add(key);
        add(inclusive, key, dt);
      }
      if (caller) continue;
      if (where.startsWith('node:')) area = where.replace(/^node:(internal\/)?/, '');
      else if (where) caller = (isOurs(where) ? `${where}:${fn}` : where) + (area ? ` → ${area}` : '');
    }
    add(byCaller, caller || `(node) ${leaf.callFrame.functionName || area || '(anonymous)'}`, dt);
  });
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { busyUs, byCaller: sorted(byCaller), inclusive: sorted(inclusive) };
}

/**
 * The vote path's parts, by the caller keys above (first match wins): what each middleware and call costs. The
 * response write is the socket write of res.end, whoever calls it (a session library's wrapper of `end` shows up here too).
 */
const PARTS: Record<'gateway' | 'voting', [string, RegExp][]> = {
  gateway: [
    ['security headers', /security\.js/],
    ['response write (res.end → socket)', /→ _http_outgoing|→ _http_server|respond\.js/],
    ['session read (cookie signature, Redis GET, JSON, wrappers)', /express-session|cookie-signature|connect-redis|on-headers|@redis\/client|session-read|session-store|gateway\/session\.js|uid-safe|node_modules\/cookie\//],
    ['actor token (signing)', /jose|internal-auth/],
    ['gRPC client call (grpc-js, metadata, protobuf)', /@grpc\/grpc-js|kit\/grpc\.js|@bufbuild|proto\/gen|protobufjs/],
    ['body parsing (express.json)', /body-parser|raw-body|iconv-lite|type-is|content-type|media-typer|bytes|mime/],
    ['validation + handler (zod, routes/voting)', /zod|routes\/voting|gateway\/params|gateway\/errors/],
    ['router walk + express (res.json included)', /^router|^express|parseurl|path-to-regexp|finalhandler|etag|fresh|encodeurl|depd|debug/],
    ['metrics (prom-client)', /prom-client|metrics\.js/],
    ['request id, async context, input guards', /app\.js|input\.js|public-reads|request-id|crypto\/random|async_context|async_hooks/],
    ['live channel (NATS events, sockets)', /nats|gateway\/live|\bws\b/],
    ['garbage collector', /garbage collector/],
    ['Node runtime (http parser, event loop, native)', /./],
  ],
  voting: [
    ['actor token (verification)', /jose|internal-auth/],
    ['PostgreSQL client (answer writer, outbox)', /^pg|pg-|answer-writer|voting-repo/],
    ['NATS (outbox relay, live results)', /nats|outbox|events\.js|kit\/live/],
    ['gRPC server (grpc-js, protobuf, unaryService)', /@grpc\/grpc-js|kit\/grpc\.js|@bufbuild|proto\/gen|voting-service/],
    ['metrics (prom-client)', /prom-client/],
    ['garbage collector', /garbage collector/],
    ['Node runtime (native, event loop)', /./],
  ],
};

/** µs by part of the vote path, in PARTS order (undefined for a process without parts). */
export function parts(att: Attribution, process: string): [string, number][] | undefined {
  const rules = PARTS[process as keyof typeof PARTS];
  if (!rules) return undefined;
  const sums = new Map<string, number>();
  for (const [key, us] of att.byCaller) {
    const part = rules.find(([, re]) => re.test(key))![0];
    sums.set(part, (sums.get(part) ?? 0) + us);
  }
  return rules.map(([part]) => [part, sums.get(part) ?? 0]);
}
