import { randomInt } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { CreatePostInput, PostItem } from '../src/shared/schemas/posts.js';
import type { ProfileFormValues } from '../src/shared/schemas/profile.js';
import { signedInMember } from './members.js';

/*
 * Members with complete profiles and their posts, built through the real API. Journeys that
 * need two or three members give each its own browser context (its own cookies and client IP).
 */

export interface Category {
  id: number;
  name: string;
}

/** The primary skill categories, in the server's order. */
export async function primaryCategories(request: APIRequestContext): Promise<Category[]> {
  const res = await request.get('/api/categories?level=1');
  if (!res.ok()) throw new Error(`categories failed: ${res.status()}`);
  return (await res.json()) as Category[];
}

const ABOUT =
  'I have lived in this neighbourhood for years and love trading skills with the people around me. ' +
  'I am patient, reliable and happy to share what I know, whether that is a quick lesson or a longer ' +
  'project. I enjoy meeting new neighbours and learning something new from every exchange we make.';

export interface ProfileOptions {
  displayName?: string;
  skillKeywords?: string[];
  serviceType?: 'digital' | 'physical' | 'both';
  /** Index into the primary categories (default 0). */
  categoryIndex?: number;
}

/** Saves a complete profile (no photo) for the member signed in on this request context. */
export async function completeProfile(request: APIRequestContext, options: ProfileOptions = {}): Promise<void> {
  const categories = await primaryCategories(request);
  const category = categories[options.categoryIndex ?? 0] ?? categories[0];
  if (!category) throw new Error('no categories seeded');
  const body: ProfileFormValues = {
    displayName: options.displayName ?? 'Test Member',
    about: ABOUT,
    serviceType: options.serviceType ?? 'digital',
    primaryCategoryId: category.id,
    skillKeywords: options.skillKeywords ?? ['gardening'],
    leadTime: 'flexible',
  };
  const res = await request.put('/api/profiles/me', { data: body });
  if (!res.ok()) throw new Error(`profile save failed: ${res.status()} ${await res.text()}`);
}

/** A verified, signed-in member with a complete profile on this page's context. */
export async function memberWithProfile(page: Page, options: ProfileOptions = {}): Promise<{ email: string; userId: string }> {
  const member = await signedInMember(page);
  await completeProfile(page.request, options);
  return member;
}

/** A second (or third) member in a fresh browser context: own cookies and client IP. */
export async function otherMember(
  browser: Browser,
  baseURL: string | undefined,
  options: ProfileOptions = {},
): Promise<{ page: Page; userId: string; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 254)}` },
  });
  const page = await context.newPage();
  const member = await memberWithProfile(page, options);
  return { page, userId: member.userId, close: () => context.close() };
}

/** Creates a post through the API; fills the required fields when left out. */
export async function createPostViaApi(request: APIRequestContext, input: Partial<CreatePostInput> = {}): Promise<PostItem> {
  const body: CreatePostInput = {
    title: 'Friendly help on offer here',
    offering: 'I can offer friendly help with everyday tasks',
    lookingFor: 'Looking for a neighbour to teach me something new',
    ...input,
  };
  const res = await request.post('/api/posts', { data: body });
  if (!res.ok()) throw new Error(`post create failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as PostItem;
}

/** A word no other test uses, so a journey can find exactly its own posts. */
export function uniqueWord(prefix = 'zq'): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = prefix;
  for (let i = 0; i < 8; i += 1) word += letters.charAt(randomInt(letters.length));
  return word;
}
