import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { OverloadLimits } from './plugins/overload.js';

/** Everything the server needs from its environment, validated once at start-up. */
export interface AppConfig {
  port: number;
  host: string;
  appUrl: string;
  /**
   * Origins whose browsers may send state-changing requests: APP_URL's when it is set;
   * otherwise the server's own port on every loopback name (localhost, 127.0.0.1, [::1]).
   */
  trustedOrigins: string[];
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  appName: string;
  supportEmail: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `pretty`: one coloured line per entry for a person at a terminal; `json`: one JSON object per line for log collectors. */
  logFormat: 'pretty' | 'json';
  /** Bearer token that opens `/api/metrics`; unset, the endpoint answers 404. */
  metricsToken: string | undefined;
  /** Trust X-Forwarded-For from a load balancer in front (for client IPs and rate limits). */
  trustProxy: boolean;
  /** Memory for cached feed pages, in bytes; 0 turns the feed cache off. */
  feedCacheBytes: number;
  /** How many search hits (posts a text search found) are kept for every viewer's searches; 0 turns it off. */
  searchCacheHits: number;
  /** Whether members' general match rankings are kept between their requests (MATCH_CACHE). */
  matchCache: boolean;
  /** How many post cards (and authors' response signals) are kept for every viewer's lists; 0 turns it off. */
  postCardCache: number;
  /** Where the built single-page app lives. */
  webDistDir: string;
  /** What one member may write; 0 turns a limit off. */
  writeLimits: WriteLimits;
  /** The Weekly Digest job: when it runs (UTC), or null when this instance never runs it. */
  digest: DigestSchedule | null;
  /** The mail outbox's retries (features/mail/worker.ts). */
  mailRetry: MailRetry;
  /** The bounded request queue in front of the API (plugins/overload.ts). */
  overload: OverloadLimits;
}

/** A failed send is retried after base, 2 x base, 4 x base... (at most maxMs), and given up after maxAttempts. */
export interface MailRetry {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** When the Weekly Digest goes out each week, in UTC (day 0 = Sunday ... 6 = Saturday). */
export interface DigestSchedule {
  day: number;
  hour: number;
}

const DIGEST_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DIGEST_DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Per-member write limits (issue 10): posts created per hour, active posts at once, exchange requests sent per hour. */
export interface WriteLimits {
  postsPerHour: number;
  activePostsMax: number;
  requestsPerHour: number;
  /** Chat messages one member may send per minute; 0 = no limit (benchmarks). */
  messagesPerMinute: number;
}

/** Variables whose values are never repeated in an error message (they are or hold secrets). */
const SECRET_VARIABLES = new Set(['AUTH_SECRET', 'DATABASE_URL', 'SMTP_URL', 'METRICS_TOKEN']);

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A whole number between `min` and `max`. */
const countVariable = (fallback: number, min: number, max: number, unit = '') =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number${unit} between ${min} and ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number${unit} between ${min} and ${max}`)
    .default(fallback);

/** A whole number of at most `max`; 0 turns the limit off. */
const limitVariable = (fallback: number, max = 100_000) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number (0 turns the limit off)')
    .transform(Number)
    .refine((n) => n <= max, `must be at most ${max}`)
    .default(fallback);

const EnvSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number between 1 and 65535')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SMTP_URL: optionalString.pipe(
    z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL').optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('SkillSwap <no-reply@skillswap.local>'),
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  APP_NAME: z.string().trim().min(1).max(40).default('SkillSwap'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@skillswap.local'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0', '']).default('false').transform((v) => v === 'true' || v === '1'),
  WEB_DIST_DIR: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  FEED_CACHE_MB: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of megabytes (0 turns the feed cache off)')
    .transform(Number)
    .refine((n) => n <= 4096, 'must be at most 4096')
    .default(32),
  SEARCH_CACHE_HITS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of hits (0 turns the search cache off)')
    .transform(Number)
    .refine((n) => n <= 10_000_000, 'must be at most 10000000')
    .default(100_000),
  MATCH_CACHE: z.enum(['on', 'off']).default('on'),
  POST_CARD_CACHE: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of posts (0 turns the post card cache off)')
    .transform(Number)
    .refine((n) => n <= 1_000_000, 'must be at most 1000000')
    .default(20_000),
  POSTS_PER_HOUR: limitVariable(10),
  ACTIVE_POSTS_MAX: limitVariable(50),
  EXCHANGE_REQUESTS_PER_HOUR: limitVariable(20),
  MESSAGES_PER_MINUTE: limitVariable(30),
  DIGEST_ENABLED: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
  DIGEST_DAY: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => DIGEST_DAY_NAMES.some((day) => v === day || v === day.slice(0, 3)), 'must be a weekday name, e.g. monday')
    .transform((v) => DIGEST_DAYS.indexOf(v.slice(0, 3) as (typeof DIGEST_DAYS)[number]))
    .default(1),
  DIGEST_HOUR: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'must be a whole hour between 0 and 23 (UTC)')
    .transform(Number)
    .refine((n) => n <= 23, 'must be a whole hour between 0 and 23 (UTC)')
    .default(8),
  MAX_ACTIVE_REQUESTS: countVariable(8, 1, 10_000),
  MAX_QUEUED_REQUESTS: countVariable(512, 0, 100_000),
  QUEUE_TIMEOUT_MS: countVariable(2_000, 1, 60_000, ' of milliseconds'),
  BUSY_RETRY_AFTER_SECONDS: countVariable(2, 1, 3_600, ' of seconds'),
  MAIL_RETRY_BASE_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of seconds, at least 1')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 3600, 'must be between 1 and 3600')
    .default(30),
});

/**
 * The checkout the server runs from: the nearest folder above `from` with a package.json (the
 * server runs from src/server through tsx, or from its build in dist/server/<hash>).
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

/**
 * Reads and validates the environment. Throws a ConfigError naming the first bad variable.
 * AUTH_SECRET, when not given outside production, is generated once into DATA_DIR so sessions
 * survive restarts. LOG_FORMAT=auto means pretty when `stdoutIsTTY` (a person is watching).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, stdoutIsTTY = process.stdout.isTTY === true): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const value = SECRET_VARIABLES.has(variable) ? undefined : env[variable];
    throw new ConfigError(variable, `${issue?.message ?? 'is invalid'}${value === undefined ? '' : ` (got "${value}")`}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('AUTH_SECRET', 'is required when NODE_ENV=production');
  }
  const authSecret = e.AUTH_SECRET ?? (dataDir === 'memory://' ? randomBytes(32).toString('hex') : readOrCreateSecret(dataDir));
  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    trustedOrigins: e.APP_URL
      ? [new URL(e.APP_URL).origin]
      : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`],
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret,
    appName: e.APP_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (stdoutIsTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    feedCacheBytes: e.FEED_CACHE_MB * 1024 * 1024,
    searchCacheHits: e.SEARCH_CACHE_HITS,
    matchCache: e.MATCH_CACHE === 'on',
    postCardCache: e.POST_CARD_CACHE,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(projectRoot(import.meta.dirname), 'dist/web'),
    writeLimits: {
      postsPerHour: e.POSTS_PER_HOUR,
      activePostsMax: e.ACTIVE_POSTS_MAX,
      requestsPerHour: e.EXCHANGE_REQUESTS_PER_HOUR,
      messagesPerMinute: e.MESSAGES_PER_MINUTE,
    },
    digest: e.DIGEST_ENABLED ? { day: e.DIGEST_DAY, hour: e.DIGEST_HOUR } : null,
    mailRetry: { baseMs: e.MAIL_RETRY_BASE_SECONDS * 1000, maxMs: 60 * 60 * 1000, maxAttempts: 10 },
    overload: {
      maxActive: e.MAX_ACTIVE_REQUESTS,
      maxQueued: e.MAX_QUEUED_REQUESTS,
      queueTimeoutMs: e.QUEUE_TIMEOUT_MS,
      retryAfterSeconds: e.BUSY_RETRY_AFTER_SECONDS,
    },
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
