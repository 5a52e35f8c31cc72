/**
 * Where an uncached feed, search or match request spends its time (issue 14 section 2):
 * `node --import tsx bench/profile-queries.ts [pglite|postgres] [path...]` seeds the 50,000-post community,
 * starts the server with the feed cache off under V8's CPU profiler, runs 50 signed-in members on
 * feed, search and matches (or the paths given) for 10 s, and prints the self time per package and per function.
 * The .cpuprofile stays in the printed folder (open it in Chrome DevTools for the call tree).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchTargets, loadClientEmails, seed, signInAs, startServer, stopServer } from './exchange.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime?: number;
  endTime?: number;
}

/**
 * The samples of the load alone: the `seconds` before the last `tailSeconds` of the profile (the
 * server stops right after the load; its start, mostly loading modules, would otherwise be a
 * fifth of the samples).
 */
export function loadWindow(profile: CpuProfile, seconds: number, tailSeconds = 1): CpuProfile {
  if (profile.startTime === undefined || profile.endTime === undefined) return profile;
  const to = profile.endTime - tailSeconds * 1e6;
  const from = to - seconds * 1e6;
  let at = profile.startTime;
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at <= from || at > to) return;
    samples.push(id);
    timeDeltas.push(delta);
  });
  return { ...profile, samples, timeDeltas };
}

/** Self time per package (or our file) and per function, as shares of all samples. */
export function summarize(profile: CpuProfile, rows = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perFunction = new Map<string, number>();
  const perPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    total += delta;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, 'node_modules/').replace(/^.*?\/(src|bench)\//, '$1/');
    const parts = file.split('/');
    const pkg = file.startsWith('node_modules/') ? parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/') : file || `(${functionName})`;
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + delta);
    perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + delta);
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return `CPU time sampled: ${(total / 1e6).toFixed(1)} s\n-- self time by package or file\n${top(perPackage)}\n-- self time by function\n${top(perFunction)}`;
}

const LOAD_SECONDS = 10;

async function main() {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
  // The requests each member cycles through; the rest of the arguments name others ('/api/feed?limit=50').
  const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/api/feed?limit=50', '/api/search?q=garden&limit=50', '/api/matches?limit=50'];
  const targets = benchTargets(process.env.BENCH_DATABASE_URL);
  const target = targets.find((t) => t.kind === kind);
  if (!target) throw new Error(`no ${kind} database`);
  const require = createRequire(import.meta.url);
  const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{ requests: { average: number }; latency: { p99: number } }>;
  try {
    await seed(target, { members: 10_000, posts: 50_000 }, 0, true);
    const emails = await loadClientEmails(target);
    const dir = mkdtempSync(path.join(tmpdir(), 'skillswap-profile-'));
    const server = await startServer(target, { FEED_CACHE_MB: '0' }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    try {
      const cookies: string[] = [];
      for (const [i, email] of emails.entries()) cookies.push(await signInAs(server.url, email, `10.${i}.9.9`));
      let next = 0;
      const withCookie = (request: { headers?: Record<string, string> }, context: { cookie?: string }) => {
        context.cookie ??= cookies[next++ % cookies.length] ?? '';
        return { ...request, headers: { ...request.headers, cookie: context.cookie } };
      };
      const result = await autocannon({
        url: server.url,
        connections: cookies.length,
        duration: LOAD_SECONDS,
        requests: paths.map((p) => ({ method: 'GET', path: p, setupRequest: withCookie })),
      });
      console.log(`${kind}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
    } finally {
      await stopServer(server.child);
    }
    // One profile per thread (tsx's module hooks run in a thread of their own): the main thread's
    // is the one numbered 0 (CPU.<date>.<time>.<pid>.0.001.cpuprofile).
    const file = readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort()
      .find((f) => /\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) throw new Error(`no profile in ${dir}`);
    console.log(`profile: ${path.join(dir, file)}`);
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    console.log(`-- the load's last ${LOAD_SECONDS - 1} s (the server's start left out)`);
    console.log(summarize(loadWindow(profile, LOAD_SECONDS - 1)));
  } finally {
    for (const t of targets) t.cleanup();
  }
}

if (process.argv[1]?.endsWith("profile-queries.ts")) await main();
