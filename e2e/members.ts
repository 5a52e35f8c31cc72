import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail.js';

export const PASSWORD = 'Tr1cky-Otter-Lamp';

/** A unique address for one test. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}.${Date.now().toString(36)}.${randomInt(1e9)}@example.org`;
}

/**
 * Creates a verified member through the real API and mail flow, signed in on this page's
 * browser context (the session cookie is set by following the e-mailed link).
 */
export async function signedInMember(page: Page, email = uniqueEmail()): Promise<{ email: string; password: string; userId: string }> {
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, acceptTerms: true } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const mail = await waitForMail(email, '/auth/callback');
  const token = new URL(linkIn(mail, '/auth/callback'), 'http://x').searchParams.get('token') ?? '';
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } } | null;
  if (!session) throw new Error('no session after verification');
  return { email, password: PASSWORD, userId: session.user.id };
}
