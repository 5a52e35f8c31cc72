import { createTransport, type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

/** One outgoing e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go, when not to the sender (a support message replies to the member). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe); SMTP only, the dev mailbox keeps the bodies. */
  headers?: Record<string, string>;
}

/** Sends e-mail: over SMTP when configured, otherwise into the dev outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
}

/** Builds the mailer for this configuration. */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
      // The links are what a developer needs (verify, reset): printed in the log as well, so the
      // outbox can stay closed to every other computer.
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, links }, `dev mail to ${mail.to} (${mail.subject}): ${links.join(' ')}`);
    },
    close: () => undefined,
  };
}
