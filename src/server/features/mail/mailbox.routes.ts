import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mailOutbox } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export const LOOPBACK_ONLY_MESSAGE =
  'The dev mailbox is only available on the computer running the server (open it at localhost).';

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * True when the request comes straight from this computer: the socket's peer is a loopback
 * address and no proxy forwarded it. X-Forwarded-For is never believed here (even with
 * TRUST_PROXY): a proxy on this computer would make every visitor look local, so a forwarded
 * request is refused instead.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback && !forwarded;
}

/**
 * The dev mailbox: with no SMTP server configured, every e-mail lands in the outbox table and
 * is readable here, by requests from this computer only (the links in these mails sign people in
 * and reset passwords), and never in production (app.ts does not mount it). Links are clickable
 * so a newcomer can verify an account; the mailer also prints them to the server log.
 */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.addHook('onRequest', async (request, reply) => {
    if (isLoopbackRequest(request)) return;
    if (request.url.startsWith('/api/')) throw new AppError('FORBIDDEN', LOOPBACK_ONLY_MESSAGE);
    return reply
      .status(403)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(app.config.appName, `<p>${escapeHtml(LOOPBACK_ONLY_MESSAGE)}</p>`));
  });

  app.get('/api/dev/mailbox', async () => {
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    return { mails: mails.map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, text: m.textBody, createdAt: m.createdAt })) };
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    const items = mails
      .map((m) => {
        const text = escapeHtml(m.textBody).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString()}</p><pre>${text}</pre></article>`;
      })
      .join('');
    const intro =
      '<p>E-mails are kept here because no SMTP_URL is set. Newest first.</p>' +
      '<p>Only this computer can open this page: requests from other addresses, or through a proxy, are refused. ' +
      'Each link is also printed in the server log.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(app.config.appName, intro + (items || '<p>No e-mails yet.</p>')));
  });
}

function page(appName: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox · ${escapeHtml(appName)}</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}a{color:#0f766e}</style></head><body><main><h1>Dev mailbox</h1>${body}</main></body></html>`;
}
