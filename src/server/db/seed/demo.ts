import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../client.js';
import { conversations, exchangeRequests, messages, photos, ratings, type ExchangeRequestStatus } from '../schema/index.js';
import { addPasswords } from './accounts.js';
import { analyze, generateCommunity, insertCommunity, type CommunityOptions, type MemberSeed, type PostSeedRow } from './community.js';

/** The password every demo member signs in with. */
export const DEMO_PASSWORD = 'Demo-Swap-2025';

const COLOURS = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#be185d', '#4d7c0f', '#b45309', '#4338ca'];

/** A 400x400 JPEG avatar: the member's initials on a coloured circle, drawn locally with sharp. */
export async function initialsAvatar(name: string, index: number): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  const colour = COLOURS[index % COLOURS.length] ?? '#2563eb';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="#f1f5f9"/>
    <circle cx="200" cy="200" r="190" fill="${colour}"/>
    <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
      font-size="150" font-weight="700" fill="#ffffff">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const NOTES = [
  'Hi! I would love to swap with you. When are you free?',
  'Your post is exactly what I was looking for. Could we meet this weekend?',
  'I think we could help each other out. Let me know!',
  null,
];
const REPLIES = ['Sounds great, Saturday morning works for me.', 'Happy to! Let us pick a time.', 'Thanks for reaching out!'];
const COMMENTS = ['Friendly, patient and really knows their stuff.', 'Great exchange, would swap again!', 'On time and well prepared.', null];

/** The demo community: one neighbourhood, every post distinct (no title or offering twice). */
export const DEMO_COMMUNITY = {
  members: 40,
  posts: 120,
  seed: 2025,
  hiddenShare: 0,
  maxAgeDays: 45,
  emailDomain: 'demo.skillswap.local',
  cityCount: 1,
  distinctPosts: true,
} as const satisfies CommunityOptions;

export interface DemoLogin {
  name: string;
  email: string;
}

/**
 * Seeds the demo community: ~40 members with photos, complete profiles and the demo password,
 * 120 posts across the categories, exchange requests in every state with their conversations
 * and messages, and ratings for completed exchanges. Returns a few logins to print.
 */
export async function seedDemo(db: Database, options: { members?: number; posts?: number } = {}): Promise<DemoLogin[]> {
  const community = generateCommunity({
    ...DEMO_COMMUNITY,
    members: options.members ?? DEMO_COMMUNITY.members,
    posts: options.posts ?? DEMO_COMMUNITY.posts,
  });
  for (const member of community.members) member.locationSharing = true;
  await insertCommunity(db, community);
  await addPasswords(db, community.members.map((m) => m.id), DEMO_PASSWORD);

  for (const [i, member] of community.members.entries()) {
    const bytes = await initialsAvatar(member.name, i);
    const [photo] = await db
      .insert(photos)
      .values({ ownerId: member.id, mime: 'image/jpeg', bytes, width: 400, height: 400, sizeBytes: bytes.length })
      .returning({ id: photos.id });
    if (photo) await db.execute(sql`UPDATE profiles SET photo_id = ${photo.id} WHERE id = ${member.id}`);
  }

  await seedExchanges(db, community.members, community.posts);
  await analyze(db);
  return community.members.slice(0, 3).map((m) => ({ name: m.name, email: m.email }));
}

async function seedExchanges(db: Database, members: MemberSeed[], posts: PostSeedRow[]): Promise<void> {
  const statuses: ExchangeRequestStatus[] = ['pending', 'accepted', 'declined', 'completed', 'completed', 'accepted'];
  const day = 86_400_000;
  for (let i = 0; i < Math.min(60, members.length * 2); i += 1) {
    const requester = members[i % members.length];
    const post = posts[(i * 7 + 3) % posts.length];
    if (!requester || !post || post.userId === requester.id) continue;
    const status = statuses[i % statuses.length] ?? 'pending';
    const createdAt = new Date(Math.max(post.createdAt.getTime(), Date.now() - 30 * day) + (i % 5) * 3_600_000);
    const respondedAt = status === 'pending' ? null : new Date(createdAt.getTime() + ((i % 9) + 1) * 3_600_000);
    const note = NOTES[i % NOTES.length] ?? null;
    const [request] = await db
      .insert(exchangeRequests)
      .values({
        requesterId: requester.id,
        postId: post.id,
        message: note,
        status,
        createdAt,
        updatedAt: respondedAt ?? createdAt,
        respondedAt,
        completedAt: status === 'completed' ? new Date((respondedAt ?? createdAt).getTime() + 3 * day) : null,
        completedById: status === 'completed' ? post.userId : null,
      })
      .onConflictDoNothing()
      .returning({ id: exchangeRequests.id });
    if (!request) continue;
    const [conversation] = await db
      .insert(conversations)
      .values({ participant1Id: requester.id, participant2Id: post.userId, postId: post.id, createdAt, updatedAt: respondedAt ?? createdAt })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (!conversation) continue;
    const chat = [{ senderId: requester.id, content: note ?? 'Hi! I sent you an exchange request.', createdAt, isRead: status !== 'pending' }];
    if (respondedAt && status !== 'declined') {
      chat.push({ senderId: post.userId, content: REPLIES[i % REPLIES.length] ?? 'Thanks!', createdAt: respondedAt, isRead: i % 3 !== 0 });
    }
    await db.insert(messages).values(chat.map((m) => ({ ...m, conversationId: conversation.id, messageType: 'text' as const })));
    if (status === 'completed') {
      await db.insert(ratings).values([
        { exchangeRequestId: request.id, raterId: requester.id, ratedUserId: post.userId, rating: 4 + (i % 2), comment: COMMENTS[i % COMMENTS.length] ?? null },
        { exchangeRequestId: request.id, raterId: post.userId, ratedUserId: requester.id, rating: 5, comment: COMMENTS[(i + 1) % COMMENTS.length] ?? null },
      ]);
    }
  }
}
