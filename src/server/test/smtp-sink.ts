import { SMTPServer } from 'smtp-server';

/** A message the sink received, with its quoted-printable body decoded. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
}

/** Decodes quoted-printable: soft line breaks (`=\r\n`) and `=XX` escapes. */
export function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow e-mailed links. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  port = 0;
  /** While true, every connection is refused with 421 (the service is down) but the port stays ours. */
  refusing = false;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onConnect: (_session, callback) => {
        if (!this.refusing) return callback();
        callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.mails.push({ to, raw, text: decodeQuotedPrintable(raw) });
          this.waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
  }

  /** Listens on `port` (default: any free one) and returns the SMTP_URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the n-th (1-based) mail to an address matching the predicate. */
  async waitFor(to: string, match: (m: ReceivedMail) => boolean = () => true, nth = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.filter((m) => m.to.includes(to.toLowerCase()) && match(m));
      const mail = found[nth - 1];
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  count(to: string): number {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase())).length;
  }
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const links = mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in mail`);
  return link;
}
