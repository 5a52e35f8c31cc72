/**
 * `npm run bench`: every benchmark, each figure printed next to its target.
 * `npm run bench -- --only=landing`, `--only=lighthouse`, `--only=exchange`, `--only=lifecycle`, `--only=realtime` or
 * `--only=idle-sockets`, `--only=digest` or `--only=mixed` runs one of them.
 * The exchange benchmark also runs on PostgreSQL when BENCH_DATABASE_URL is set or a scratch
 * database can be created with `createdb -h 127.0.0.1 -U postgres`.
 */
import { benchDigest, DIGEST_TARGETS, digestTargets } from './digest.js';
import { benchExchange, benchTargets, EXCHANGE_TARGETS, machine, QUERY_TARGETS } from './exchange.js';
import { LANDING_JS_BUDGET_KB, measureLandingJs } from './landing-js.js';
import { benchLighthouse, LIGHTHOUSE_TARGETS } from './lighthouse.js';
import { benchIdleSockets, IDLE_SOCKET_TARGETS } from './idle-sockets.js';
import { benchLifecycle, LIFECYCLE_TARGETS } from './lifecycle.js';
import { benchMixed, MIXED_TARGETS } from './mixed.js';
import { benchRealtime, REALTIME_TARGETS } from './realtime.js';

function report(name: string, value: number, unit: string, target: string, ok: boolean) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value.toFixed(1)} ${unit}  (target ${target})`);
  return ok;
}

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = flag('only');
const results: boolean[] = [];

if (!only || only === 'landing') {
  const kb = await measureLandingJs();
  results.push(report('landing page first-load JavaScript (gzip)', kb, 'KB', `<= ${LANDING_JS_BUDGET_KB} KB`, kb <= LANDING_JS_BUDGET_KB));
}

if (!only || only === 'lighthouse') {
  console.log(`lighthouse benchmark (mobile profile) on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  const { performance, others, lcpMs, cls, tbtMs } = LIGHTHOUSE_TARGETS;
  for (const p of await benchLighthouse(flag('page'))) {
    const name = `${p.page}${p.public ? '' : ' (signed in, 50 posts)'}`;
    results.push(report(`Lighthouse ${name} Performance (FCP ${p.fcpMs.toFixed(0)} ms)`, p.performance, '', `>= ${performance}`, p.performance >= performance));
    if (p.public) {
      results.push(report(`Lighthouse ${name} Accessibility`, p.accessibility, '', `${others}`, p.accessibility >= others));
      results.push(report(`Lighthouse ${name} Best Practices`, p.bestPractices, '', `${others}`, p.bestPractices >= others));
      results.push(report(`Lighthouse ${name} SEO`, p.seo, '', `${others}`, p.seo >= others));
    } else {
      console.log(`info  Lighthouse ${name} Accessibility ${p.accessibility}, Best Practices ${p.bestPractices}, SEO ${p.seo}`);
    }
    results.push(report(`Lighthouse ${name} LCP`, p.lcpMs, 'ms', `< ${lcpMs} ms`, p.lcpMs < lcpMs));
    results.push(report(`Lighthouse ${name} CLS`, p.cls, '', `< ${cls}`, p.cls < cls));
    results.push(report(`Lighthouse ${name} TBT`, p.tbtMs, 'ms', `< ${tbtMs} ms`, p.tbtMs < tbtMs));
    if (p.tbtRunsMs.length > 1) console.log(`info  Lighthouse ${name} TBT of the ${p.tbtRunsMs.length} runs (the median run is reported): ${p.tbtRunsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    if (p.failing.length > 0) console.log(`info  Lighthouse ${name} audits below full score: ${p.failing.join('; ')}`);
  }
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
      // Issue 14: the same single-client figures (measured with the feed cache off) against its
      // tighter targets, and the feed when every request misses the cache. Errors there are
      // client timeouts (10 s) of requests queued behind the database.
      const tight = QUERY_TARGETS.p95Ms[f.kind];
      for (const [what, ms] of [
        ['feed', f.feedP95],
        ['search', f.searchP95],
        ['matches', f.matchP95],
      ] as const) {
        results.push(report(`${db} ${what} p95, feed cache off (issue 14)`, ms, 'ms', `< ${tight} ms`, ms < tight));
      }
      const uncachedTarget = QUERY_TARGETS.uncachedFeedRps[f.kind];
      results.push(
        report(
          `${db} GET /api/feed with FEED_CACHE_MB=0, 50 members (p99 ${f.uncachedFeedP99} ms, ${f.uncachedErrors} errors)`,
          f.uncachedFeedRps,
          'req/s',
          `>= ${uncachedTarget} req/s`,
          f.uncachedFeedRps >= uncachedTarget,
        ),
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

if (!only || only === 'mixed') {
  console.log(`mixed benchmark on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  for (const target of benchTargets(process.env.BENCH_DATABASE_URL)) {
    try {
      const f = await benchMixed(target);
      const db = f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      const { members, seconds, rssMb, p99Ms } = MIXED_TARGETS;
      const run = `${members} members for ${seconds} s, ${f.requests} requests (${f.writes} writes) at ${f.rps.toFixed(0)} req/s`;
      results.push(report(`${db} mixed load errors, ${run}`, f.errors, 'errors', '0', f.errors === 0));
      if (f.errors > 0) console.log(`info  ${db} errors by kind: ${JSON.stringify(f.errorKinds)}`);
      console.log(`info  ${db} busy answers (503 with Retry-After, retried as the web app does): ${f.busyAnswers}`);
      results.push(report(`${db} mixed load p99 (p50 ${f.p50.toFixed(1)}, p95 ${f.p95.toFixed(1)} ms)`, f.p99, 'ms', `< ${p99Ms[f.kind]} ms`, f.p99 < p99Ms[f.kind]));
      console.log(`info  ${db} mixed load p99 of the requests after the first 10 s (every member's matches ranked once, the searches read): ${f.warmP99.toFixed(0)} ms`);
      results.push(report(`${db} server memory under mixed load, peak RSS`, f.rssPeakMb, 'MB', `< ${rssMb} MB`, f.rssPeakMb < rssMb));
      const kinds = Object.entries(f.byKind).map(([kind, k]) => `${kind} ${k.count} (p99 ${k.p99.toFixed(0)} ms)`);
      console.log(`info  ${db} by kind: ${kinds.join(', ')}`);
      const { search, match, card, signal } = f.caches;
      console.log(
        `info  ${db} shared caches: search ${search.lookups - search.reads} of ${search.lookups} answered from the cache, match rankings ${match.lookups - match.reads} of ${match.lookups}, post cards ${card.lookups - card.reads} of ${card.lookups}, authors' signals ${signal.lookups - signal.reads} of ${signal.lookups}`,
      );
    } finally {
      target.cleanup();
    }
  }
}

if (!only || only === 'realtime') {
  console.log(`realtime benchmark on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  for (const target of benchTargets(process.env.BENCH_DATABASE_URL)) {
    try {
      // --rate= and --seconds= run another load (to find what a machine sustains); the targets stay.
      const messagesPerSecond = Number(flag('rate') ?? REALTIME_TARGETS.messagesPerSecond);
      const seconds = Number(flag('seconds') ?? REALTIME_TARGETS.seconds);
      const f = await benchRealtime(target, { messagesPerSecond, seconds });
      const db = f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      const { p95Ms, goalP95Ms, members } = REALTIME_TARGETS;
      console.log(`${db}: ${members} members signed in in ${f.signInSeconds.toFixed(0)} s, ${members} WebSockets, ${members / 2} conversations`);
      results.push(
        report(
          `${db} messages issued (${f.scheduled} in ${seconds} s; answered at ${f.answeredRate.toFixed(1)} msg/s)`,
          f.issuedRate,
          'msg/s',
          `>= ${REALTIME_TARGETS.messagesPerSecond * 0.99} msg/s`,
          f.issuedRate >= REALTIME_TARGETS.messagesPerSecond * 0.99,
        ),
      );
      const spread = `p50 ${f.p50.toFixed(1)}, p99 ${f.p99.toFixed(1)}, max ${f.max.toFixed(1)} ms`;
      results.push(report(`${db} sent -> received at the other member's socket, p95 (${spread})`, f.p95, 'ms', `< ${p95Ms} ms, goal ${goalP95Ms} ms`, f.p95 < p95Ms));
      results.push(report(`${db} failed sends (anything but 201)`, f.failed, 'messages', '0', f.failed === 0));
      results.push(report(`${db} lost messages (accepted, never received)`, f.lost, 'messages', '0', f.lost === 0));
      results.push(report(`${db} duplicated messages`, f.duplicated, 'messages', '0', f.duplicated === 0));
      results.push(report(`${db} frames at a third member's socket`, f.misdelivered, 'frames', '0', f.misdelivered === 0));
      const storedOk = f.stored === f.accepted && f.storedDistinct === f.accepted;
      results.push(report(`${db} messages stored (${f.storedDistinct} distinct) for ${f.accepted} accepted`, f.stored, 'messages', `${f.accepted}`, storedOk));
      console.log(`info  ${db} sender's own socket: ${f.echoLost} lost, ${f.echoDuplicated} duplicated`);
      console.log(`info  ${db} POST round trip p95 ${f.postP95.toFixed(1)} ms; bench process event-loop delay p99 ${f.clientLoopP99.toFixed(1)} ms`);
    } finally {
      target.cleanup();
    }
  }
}

if (!only || only === 'idle-sockets') {
  console.log(`idle-sockets benchmark on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  for (const target of benchTargets(process.env.BENCH_DATABASE_URL)) {
    try {
      const f = await benchIdleSockets(target);
      const db = f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      const { sockets, rssMb } = IDLE_SOCKET_TARGETS;
      console.log(`${db}: ${f.opened} sockets of ${f.members} members opened in ${f.connectSeconds.toFixed(1)} s`);
      results.push(report(`${db} sockets still open after a heartbeat`, f.openAfterHeartbeat, 'sockets', `${sockets}`, f.openAfterHeartbeat === sockets));
      const rss = `before ${f.rssBefore.toFixed(0)} MB, connected ${f.rssConnected.toFixed(0)} MB, peak ${f.rssPeak.toFixed(0)} MB`;
      results.push(report(`${db} server RSS with ${sockets} idle sockets (${rss})`, f.rssAfterHeartbeat, 'MB', `< ${rssMb} MB`, f.rssAfterHeartbeat < rssMb));
      results.push(report(`${db} a message then reaches both members' 20 tabs`, f.deliveredTo, 'sockets', '40', f.deliveredTo === 40));
      console.log(`info  ${db} server memory per socket at most ${(((f.rssPeak - f.rssBefore) * 1024) / sockets).toFixed(1)} kB (peak over before); bench process (client ends) RSS ${f.clientRss.toFixed(0)} MB`);
    } finally {
      target.cleanup();
    }
  }
}

if (!only || only === 'digest') {
  console.log(`digest benchmark on ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  const targets = digestTargets(process.env.BENCH_DATABASE_URL);
  if (targets.length === 0) console.log('digest: skipped (the target is PostgreSQL\'s: set BENCH_DATABASE_URL or make createdb work)');
  for (const target of targets) {
    try {
      const f = await benchDigest(target);
      const r = f.run;
      console.log(
        `PostgreSQL: seeded ${DIGEST_TARGETS.members} members / ${DIGEST_TARGETS.posts} posts in ${f.seedSeconds.toFixed(0)} s; ` +
          `${f.optedIn} opted in: ${r.queued} digests queued, ${r.empty} with nothing to report`,
      );
      results.push(report(`PostgreSQL weekly digest for ${DIGEST_TARGETS.members.toLocaleString('en-US')} members`, r.seconds, 's', `< ${DIGEST_TARGETS.seconds} s`, r.seconds < DIGEST_TARGETS.seconds));
      const slowdown = f.feedP95During / f.feedP95;
      results.push(
        report(
          `PostgreSQL feed p95 while the digest runs (${f.feedP95During.toFixed(1)} ms over ${f.samplesDuring} requests, without ${f.feedP95.toFixed(1)} ms)`,
          slowdown,
          'x',
          `<= ${DIGEST_TARGETS.feedSlowdown}x`,
          slowdown <= DIGEST_TARGETS.feedSlowdown,
        ),
      );
    } finally {
      target.cleanup();
    }
  }
}

process.exitCode = results.every(Boolean) ? 0 : 1;
