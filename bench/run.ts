/**
 * `npm run bench`: every benchmark, each figure printed next to its target.
 * `npm run bench -- --only=landing`, `--only=exchange` or `--only=lifecycle` runs one of them.
 * The exchange benchmark also runs on PostgreSQL when BENCH_DATABASE_URL is set or a scratch
 * database can be created with `createdb -h 127.0.0.1 -U postgres`.
 */
import { benchExchange, benchTargets, EXCHANGE_TARGETS, machine } from './exchange.js';
import { LANDING_JS_BUDGET_KB, measureLandingJs } from './landing-js.js';
import { benchLifecycle, LIFECYCLE_TARGETS } from './lifecycle.js';

function report(name: string, value: number, unit: string, target: string, ok: boolean) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value.toFixed(1)} ${unit}  (target ${target})`);
  return ok;
}

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const results: boolean[] = [];

if (!only || only === 'landing') {
  const kb = await measureLandingJs();
  results.push(report('landing page first-load JavaScript (gzip)', kb, 'KB', `< ${LANDING_JS_BUDGET_KB} KB`, kb < LANDING_JS_BUDGET_KB));
}

if (!only || only === 'exchange') {
  console.log(`exchange benchmark on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  // The bench reads its own switch; only config.ts reads the environment inside the server.
  for (const target of benchTargets(process.env.BENCH_DATABASE_URL)) {
    try {
      const f = await benchExchange(target);
      const db = f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      const { p95Ms, matchGrowth, feedRps } = EXCHANGE_TARGETS;
      console.log(`${db}: seeded 10,000 members / 50,000 posts in ${f.seedSeconds.toFixed(0)} s`);
      results.push(report(`${db} feed page of 50, p95`, f.feedP95, 'ms', `< ${p95Ms} ms`, f.feedP95 < p95Ms));
      results.push(report(`${db} search, p95`, f.searchP95, 'ms', `< ${p95Ms} ms`, f.searchP95 < p95Ms));
      results.push(report(`${db} matches, p95`, f.matchP95, 'ms', `< ${p95Ms} ms`, f.matchP95 < p95Ms));
      const growth = f.matchP95 / f.matchP95At5k;
      results.push(
        report(
          `${db} match p95 growth 5k -> 50k posts (${f.matchP95At5k.toFixed(1)} -> ${f.matchP95.toFixed(1)} ms)`,
          growth,
          'x',
          `<= ${matchGrowth}x`,
          growth <= matchGrowth,
        ),
      );
      const rpsTarget = feedRps[f.kind];
      results.push(report(`${db} GET /api/feed, 50 signed-in members`, f.feedRps, 'req/s', `>= ${rpsTarget} req/s`, f.feedRps >= rpsTarget));
      results.push(report(`${db} feed errors under load (p99 ${f.feedP99} ms)`, f.errors, 'errors', '0', f.errors === 0));
      // For information (no target): what the feed costs when every request misses the cache.
      // Errors here are client timeouts (10 s) of requests queued behind the database.
      console.log(
        `info  ${db} the same load with FEED_CACHE_MB=0: ${f.uncachedFeedRps.toFixed(1)} req/s, p99 ${f.uncachedFeedP99} ms, ${f.uncachedErrors} errors`,
      );
    } finally {
      target.cleanup();
    }
  }
}

if (!only || only === 'lifecycle') {
  console.log(`lifecycle benchmark on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  for (const target of benchTargets(process.env.BENCH_DATABASE_URL)) {
    try {
      const f = await benchLifecycle(target);
      const pg = f.kind === 'postgres';
      const db = pg ? 'PostgreSQL' : 'PGlite';
      const { networkP95Ms, notificationsP95Ms, owners, concurrentSeconds } = LIFECYCLE_TARGETS;
      // The p95 targets are PostgreSQL's; the embedded database's figures are printed for information.
      const timed = (name: string, value: number, limit: number) =>
        pg ? results.push(report(name, value, 'ms', `< ${limit} ms`, value < limit)) : console.log(`info  ${name}: ${value.toFixed(1)} ms`);
      timed(`${db} GET /api/network (200 requests across 50 posts), p95`, f.networkP95, networkP95Ms);
      timed(`${db} GET /api/notifications (300 notifications), p95`, f.notificationsP95, notificationsP95Ms);
      const run = `${owners} owners for ${concurrentSeconds} s: ${f.answered} answered, ${f.completed} completed`;
      results.push(report(`${db} errors, ${run}`, f.errors, 'errors', '0', f.errors === 0));
      results.push(report(`${db} accept/decline races both won or both lost`, f.raceViolations, 'races', '0', f.raceViolations === 0));
      results.push(report(`${db} lost notifications`, f.lostNotifications, 'notifications', '0', f.lostNotifications === 0));
      results.push(report(`${db} duplicated notifications`, f.duplicatedNotifications, 'notifications', '0', f.duplicatedNotifications === 0));
    } finally {
      target.cleanup();
    }
  }
}

process.exitCode = results.every(Boolean) ? 0 : 1;
