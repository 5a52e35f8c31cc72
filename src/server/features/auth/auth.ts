import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_LIMITS } from '../../../shared/schemas/auth.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.js';
import { consumeRateLimit } from '../../lib/rate-limit.js';
import { enqueueMail } from '../mail/queue.js';
import { existingAccountMail, passwordResetMail, verificationMail } from '../mail/templates.js';

/** The header the Fastify bridge fills with the client IP Fastify resolved (trust-proxy aware). */
export const CLIENT_IP_HEADER = 'x-skillswap-client-ip';

/** E-mails to one address: at most this many per hour, whoever asks. */
export const MAILS_PER_ADDRESS_PER_HOUR = 6;

export interface AuthDeps {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
  /**
   * Told at once, on this instance, when a member's session ends or their user row changes
   * (other instances hear it from the database trigger through the hub).
   */
  onSessionsChanged?: (userId: string) => void;
}

/**
 * better-auth on our database: e-mail + password, verification required before sign-in,
 * password reset that signs out every session, database sessions in an httpOnly cookie,
 * and rate limits (on in every environment, counted in the database).
 */
export function createAuth({ config, db, log, onSessionsChanged = () => undefined }: AuthDeps) {
  /**
   * Queues in the background so response times don't reveal whether an address exists; the
   * outbox (mail/worker.ts) delivers it, retrying while SMTP is down.
   */
  function sendLimited(kind: string, to: string, mail: { subject: string; text: string; html: string }) {
    void (async () => {
      const limit = await consumeRateLimit(db, `mail:${to}`, 3600, MAILS_PER_ADDRESS_PER_HOUR);
      if (!limit.allowed) {
        log.warn({ to }, 'mail to this address rate-limited; not sent');
        return;
      }
      await enqueueMail(db, { kind, to, ...mail });
    })().catch((err: unknown) => log.error({ err, to }, 'queueing mail failed'));
  }

  return betterAuth({
    appName: config.appName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: AUTH_LIMITS.passwordMin,
      maxPasswordLength: AUTH_LIMITS.passwordMax,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        sendLimited('password_reset', user.email, passwordResetMail(config.appName, url));
      },
      onExistingUserSignUp: async ({ user }) => {
        sendLimited('existing_account', user.email, existingAccountMail(config.appName, `${config.appUrl}/login`, `${config.appUrl}/forgot-password`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
        sendLimited('verification', user.email, verificationMail(config.appName, url));
      },
    },
    databaseHooks: {
      session: { delete: { after: async (session) => onSessionsChanged(session.userId) } },
      user: {
        update: { after: async (user) => onSessionsChanged(user.id) },
        delete: { after: async (user) => onSessionsChanged(user.id) },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: 60, max: 10 },
        '/reset-password': { window: 60, max: 10 },
        '/verify-email': { window: 60, max: 20 },
      },
    },
    // E-mails are sent only through our own routes, which add per-address limits and timing padding.
    disabledPaths: ['/request-password-reset', '/send-verification-email', '/forget-password'],
    advanced: {
      useSecureCookies: config.nodeEnv === 'production' || config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log: (level, message) => {
        if (level === 'error') log.error(message);
        else if (level === 'warn') log.warn(message);
        else log.debug(message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
