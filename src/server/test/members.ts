import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.js';
import { TestClient, uniqueEmail } from './client.js';
import type { TestServer } from './harness.js';

export const TEST_PASSWORD = 'Tr1cky-Otter-Lamp';

/** The newest link to `pathPrefix` in the dev outbox for an address (outbox mode only). */
export async function outboxLink(server: TestServer, to: string, pathPrefix: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await server.app.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(5);
    for (const row of rows) {
      const link = (row.text.match(/https?:\/\/\S+/g) ?? []).find((l) => new URL(l).pathname.startsWith(pathPrefix));
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${pathPrefix} mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs up a new member through the API, follows the verification link and returns a signed-in client. */
export async function signedInMember(server: TestServer, email = uniqueEmail()): Promise<{ client: TestClient; email: string; userId: string }> {
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const link = await outboxLink(server, email, '/auth/callback');
  const token = new URL(link).searchParams.get('token') ?? '';
  const verified = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);
  const session = await client.json<{ user: { id: string } } | null>(await client.get('/api/auth/get-session'));
  if (!session) throw new Error('no session after verification');
  return { client, email, userId: session.user.id };
}
