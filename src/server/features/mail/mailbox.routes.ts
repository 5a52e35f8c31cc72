import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema/index.js';

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * The dev mailbox: with no SMTP server configured, every e-mail lands in the outbox table and
 * is readable here (never in production). Links are clickable so a newcomer can verify an account.
 */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

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
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox · ${escapeHtml(app.config.appName)}</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}a{color:#0f766e}</style></head><body><main><h1>Dev mailbox</h1><p>E-mails are kept here because no SMTP_URL is set. Newest first.</p>${items || '<p>No e-mails yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
}
