import { expect } from '@playwright/test';

const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3126);

interface SinkMail {
  to: string[];
  raw: string;
  receivedAt: number;
}

/** Decodes quoted-printable (soft breaks and =XX escapes) so links can be read. */
function decode(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every mail the SMTP sink received for an address, decoded, oldest first. */
export async function mailsTo(address: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${mailboxPort}/mails?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as SinkMail[]).map((m) => decode(m.raw));
}

/** Waits for the n-th mail to an address containing `contains`, and returns its text. */
export async function waitForMail(address: string, contains: string, nth = 1): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((m) => m.includes(contains))[nth - 1];
        return found !== undefined;
      },
      { timeout: 15_000, message: `mail #${nth} to ${address} containing ${contains}` },
    )
    .toBe(true);
  return found ?? '';
}

/** The first link in a mail whose path starts with `pathPrefix`, rewritten to a relative URL. */
export function linkIn(mail: string, pathPrefix: string): string {
  const link = (mail.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in mail`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
