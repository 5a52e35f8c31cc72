import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../client.js';
import { conversations, exchangeRequests, messages, photos, ratings, type ExchangeRequestStatus } from '../schema/index.js';
import { addPasswords } from './accounts.js';
import { analyze, generateCommunity, insertCommunity, type CommunityOptions, type MemberSeed, type PostSeedRow } from './community.js';
import type { SeedProgress } from './progress.js';

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
/**
 * How an accepted exchange's conversation goes on after the request: lines alternate between the
 * post's author and the requester, starting with the author's answer. `thanks` is said after a
 * completed exchange, by the requester.
 */
const DIALOGUES: { lines: string[]; thanks: string }[] = [
  {
    lines: [
      'Thanks for reaching out! Your offer sounds like a great fit for me.',
      'Wonderful. Would Saturday morning work for you?',
      'Saturday at 10 works. Shall we meet at the library on Main Street?',
      'Perfect, see you there. I will bring everything we need.',
    ],
    thanks: 'That was fun, thank you! Happy to swap again anytime.',
  },
  {
    lines: [
      'Happy to! What would you like to focus on first?',
      'The basics, I am a complete beginner. Could we start with an hour?',
      'An hour is perfect. How about Wednesday evening around 6?',
      'Works for me. Thank you so much!',
    ],
    thanks: 'Thanks again, that was really helpful. I left you a rating!',
  },
  {
    lines: [
      'Sounds great! We could do a video call or meet in person, whichever you prefer.',
      'In person would be nice, I live close by.',
      'Great, let us meet at the coffee shop on the corner, Sunday at 2?',
      'Sunday at 2 it is. Looking forward to it!',
    ],
    thanks: 'Thank you for your time on Sunday, I learned a lot.',
  },
];
const DECLINE = 'Sorry, I cannot take this on right now. Good luck with it!';
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
 * and messages, and ratings for completed exchanges. Returns a few logins to print. `progress`
 * hears of each step as it goes (members, posts, passwords, photos, exchanges, statistics).
 */
export async function seedDemo(
  db: Database,
  options: { members?: number; posts?: number; progress?: SeedProgress } = {},
): Promise<DemoLogin[]> {
  const progress = options.progress ?? (() => undefined);
  const community = generateCommunity({
    ...DEMO_COMMUNITY,
    members: options.members ?? DEMO_COMMUNITY.members,
    posts: options.posts ?? DEMO_COMMUNITY.posts,
  });
  for (const member of community.members) member.locationSharing = true;
  await insertCommunity(db, community, progress);
  progress('passwords', 0, 1);
  await addPasswords(db, community.members.map((m) => m.id), DEMO_PASSWORD);
  progress('passwords', 1, 1);

  for (const [i, member] of community.members.entries()) {
    progress('photos', i, community.members.length);
    const bytes = await initialsAvatar(member.name, i);
    const [photo] = await db
      .insert(photos)
      .values({ ownerId: member.id, mime: 'image/jpeg', bytes, width: 400, height: 400, sizeBytes: bytes.length })
      .returning({ id: photos.id });
    if (photo) await db.execute(sql`UPDATE profiles SET photo_id = ${photo.id} WHERE id = ${member.id}`);
  }
  progress('photos', community.members.length, community.members.length);

  await seedExchanges(db, community.members, community.posts, progress);
  progress('statistics', 0, 1);
  await analyze(db);
  progress('statistics', 1, 1);
  return community.members.slice(0, 3).map((m) => ({ name: m.name, email: m.email }));
}

interface RequestPlan {
  requester: MemberSeed;
  post: PostSeedRow;
  status: ExchangeRequestStatus;
}

/**
 * Requests in every state between members, plus a showcase for the first demo login (the one
 * `npm run demo` prints first and the README screenshots sign in as): two requests waiting
 * for their answer. Each request opens its conversation; accepted and completed ones carry a
 * short chat arranging the exchange, completed ones are rated both ways. Dates spread over the
 * last month, every message in the past.
 */
async function seedExchanges(db: Database, members: MemberSeed[], posts: PostSeedRow[], progress: SeedProgress): Promise<void> {
  const statuses: ExchangeRequestStatus[] = ['pending', 'accepted', 'declined', 'completed', 'completed', 'accepted'];
  const plans: RequestPlan[] = [];
  for (let i = 0; i < Math.min(60, members.length * 2); i += 1) {
    const requester = members[i % members.length];
    const post = posts[(i * 7 + 3) % posts.length];
    if (requester && post) plans.push({ requester, post, status: statuses[i % statuses.length] ?? 'pending' });
  }
  const first = members[0];
  const firstPosts = posts.filter((p) => p.userId === first?.id);
  for (const [k, post] of firstPosts.slice(0, 2).entries()) {
    const requester = members[5 + k * 7];
    if (requester) plans.push({ requester, post, status: 'pending' });
  }

  const now = Date.now();
  const hour = 3_600_000;
  const day = 24 * hour;
  for (const [i, { requester, post, status }] of plans.entries()) {
    progress('exchanges', i, plans.length);
    if (post.userId === requester.id) continue;
    // When each line is said, in hours after the request; squeezed when the post is too recent.
    const respondHours = (i % 4) + 1;
    const offsets = [0, respondHours, respondHours + 0.5, respondHours + 1.5, respondHours + 2, respondHours + 3 * 24 + 2];
    // Requests go out in the morning (13:00-17:00 UTC, 8 am-noon in Boston), 3 to 30 days ago.
    const morning = Math.floor((now - (3 + ((i * 11) % 28)) * day) / day) * day + (13 + (i % 5)) * hour + ((i * 17) % 60) * 60_000;
    const start = Math.max(post.createdAt.getTime() + hour, morning);
    const room = now - hour - start;
    if (room <= 0) continue;
    const span = offsets[offsets.length - 1] ?? 1;
    const at = (k: number) => new Date(start + (offsets[k] ?? 0) * hour * Math.min(1, room / (span * hour)));
    const createdAt = at(0);
    const respondedAt = status === 'pending' ? null : at(1);
    const completedAt = status === 'completed' ? at(5) : null;
    const note = NOTES[i % NOTES.length] ?? null;

    const chat: { senderId: string; content: string; createdAt: Date }[] = [
      { senderId: requester.id, content: note ?? 'Hi! I sent you an exchange request.', createdAt },
    ];
    if (status === 'declined') chat.push({ senderId: post.userId, content: DECLINE, createdAt: at(1) });
    if (status === 'accepted' || status === 'completed') {
      const dialogue = DIALOGUES[i % DIALOGUES.length] ?? { lines: [], thanks: 'Thanks!' };
      dialogue.lines.forEach((content, k) => chat.push({ senderId: k % 2 === 0 ? post.userId : requester.id, content, createdAt: at(k + 1) }));
      if (completedAt) chat.push({ senderId: requester.id, content: dialogue.thanks, createdAt: completedAt });
    }
    const lastAt = chat[chat.length - 1]?.createdAt ?? createdAt;

    const [request] = await db
      .insert(exchangeRequests)
      .values({
        requesterId: requester.id,
        postId: post.id,
        message: note,
        status,
        createdAt,
        updatedAt: completedAt ?? respondedAt ?? createdAt,
        respondedAt,
        completedAt,
        completedById: status === 'completed' ? post.userId : null,
      })
      .onConflictDoNothing()
      .returning({ id: exchangeRequests.id });
    if (!request) continue;
    const [conversation] = await db
      .insert(conversations)
      .values({ participant1Id: requester.id, participant2Id: post.userId, postId: post.id, createdAt, updatedAt: lastAt })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (!conversation) continue;
    // A request waiting for an answer, and every third conversation, end with an unread message.
    const unreadLast = i % 3 === 0;
    await db.insert(messages).values(
      chat.map((m, k) => ({
        ...m,
        conversationId: conversation.id,
        messageType: 'text' as const,
        isRead: !(k === chat.length - 1 && (unreadLast || status === 'pending')),
      })),
    );
    if (status === 'completed') {
      await db.insert(ratings).values([
        { exchangeRequestId: request.id, raterId: requester.id, ratedUserId: post.userId, rating: 4 + (i % 2), comment: COMMENTS[i % COMMENTS.length] ?? null, createdAt: completedAt ?? lastAt },
        { exchangeRequestId: request.id, raterId: post.userId, ratedUserId: requester.id, rating: 5, comment: COMMENTS[(i + 1) % COMMENTS.length] ?? null, createdAt: completedAt ?? lastAt },
      ]);
    }
  }
  progress('exchanges', plans.length, plans.length);
}
