import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { availabilityText, buildDescription } from '../../../shared/domain/post-text.js';
import { customTagsFor, derivePostTags, type PostFormat } from '../../../shared/domain/post-tags.js';
import { queryRows, type Database } from '../client.js';
import type { SeedProgress } from './progress.js';

/**
 * A generator of a realistic community (members with complete profiles near a few US cities,
 * and exchange posts across the skill categories), inserted with a few large statements.
 * The benchmarks seed 10,000 members and 50,000 posts with it; `npm run demo` seeds ~40 and 120.
 * Deterministic for a given seed, so figures are comparable between runs.
 */

interface Skill {
  /** Secondary category slug (seeded by the taxonomy migration). */
  slug: string;
  offers: string[];
  keywords: string[];
}

/** What members offer, per category. Each offer reads as the start of a sentence. */
export const SKILLS: Skill[] = [
  { slug: 'web-development', offers: ['Website building with WordPress', 'Frontend web development with React', 'Fixing bugs on small business websites'], keywords: ['Web Design', 'React', 'WordPress'] },
  { slug: 'mobile-apps', offers: ['Mobile app prototyping', 'Help publishing an iPhone app'], keywords: ['Mobile Apps', 'iOS', 'Android'] },
  { slug: 'data-spreadsheets', offers: ['Excel spreadsheets and budgeting templates', 'Data cleanup in Google Sheets'], keywords: ['Excel', 'Spreadsheets', 'Data'] },
  { slug: 'it-support-computer-repair', offers: ['Computer repair and virus removal', 'Home Wi-Fi and network setup'], keywords: ['Computer Repair', 'Wi-Fi', 'Tech Support'] },
  { slug: 'digital-marketing-social-media', offers: ['Social media marketing for local shops', 'Instagram content planning'], keywords: ['Social Media', 'Marketing', 'Instagram'] },
  { slug: 'graphic-design', offers: ['Logo design and branding', 'Flyer and poster design'], keywords: ['Graphic Design', 'Logo', 'Branding'] },
  { slug: 'photography', offers: ['Portrait photography sessions', 'Event photography for parties', 'Photo editing and retouching'], keywords: ['Photography', 'Portraits', 'Photo Editing'] },
  { slug: 'illustration-drawing', offers: ['Drawing lessons for beginners', 'Custom pet portraits in watercolor'], keywords: ['Drawing', 'Illustration', 'Watercolor'] },
  { slug: 'video-production-editing', offers: ['Video editing for YouTube', 'Filming short promotional videos'], keywords: ['Video Editing', 'YouTube', 'Filming'] },
  { slug: 'writing-editing', offers: ['Proofreading essays and cover letters', 'Copywriting for websites'], keywords: ['Writing', 'Proofreading', 'Editing'] },
  { slug: 'gardening-landscaping', offers: ['Vegetable gardening and raised beds', 'Lawn care and hedge trimming', 'Composting and soil advice'], keywords: ['Gardening', 'Vegetables', 'Composting'] },
  { slug: 'home-repair-handyman', offers: ['Furniture assembly and small repairs', 'Fixing leaking taps and drywall patches'], keywords: ['Handyman', 'Repairs', 'Furniture'] },
  { slug: 'cleaning-organizing', offers: ['Decluttering and closet organizing', 'Deep cleaning help before moving'], keywords: ['Organizing', 'Cleaning', 'Decluttering'] },
  { slug: 'interior-decorating', offers: ['Interior decorating on a budget', 'Choosing paint colors and layouts'], keywords: ['Interior Design', 'Decor', 'Paint'] },
  { slug: 'math-tutoring', offers: ['Math tutoring for middle school', 'Algebra and calculus tutoring'], keywords: ['Math', 'Algebra', 'Tutoring'] },
  { slug: 'science-tutoring', offers: ['Chemistry and biology tutoring', 'Physics homework help'], keywords: ['Science', 'Chemistry', 'Physics'] },
  { slug: 'test-preparation', offers: ['SAT and ACT test preparation', 'GRE math practice sessions'], keywords: ['SAT', 'Test Prep', 'GRE'] },
  { slug: 'yoga-meditation', offers: ['Gentle yoga classes in the park', 'Guided meditation for stress'], keywords: ['Yoga', 'Meditation', 'Wellness'] },
  { slug: 'nutrition-coaching', offers: ['Nutrition coaching and healthy meal ideas', 'Plant-based diet guidance'], keywords: ['Nutrition', 'Healthy Eating', 'Vegan'] },
  { slug: 'instrument-lessons', offers: ['Guitar lessons for beginners', 'Piano lessons for kids and adults', 'Violin practice coaching'], keywords: ['Guitar', 'Piano', 'Music Lessons'] },
  { slug: 'singing-voice', offers: ['Singing lessons and vocal warmups', 'Choir practice coaching'], keywords: ['Singing', 'Voice', 'Choir'] },
  { slug: 'music-production', offers: ['Music production with Ableton', 'Mixing and mastering home recordings'], keywords: ['Music Production', 'Mixing', 'Recording'] },
  { slug: 'dance', offers: ['Salsa dancing lessons', 'Swing dance practice partner'], keywords: ['Dance', 'Salsa', 'Swing'] },
  { slug: 'spanish', offers: ['Spanish conversation practice', 'Spanish tutoring for travelers'], keywords: ['Spanish', 'Language', 'Conversation'] },
  { slug: 'french', offers: ['French lessons for beginners', 'French conversation over coffee'], keywords: ['French', 'Language', 'Tutoring'] },
  { slug: 'german', offers: ['German grammar tutoring', 'German conversation practice'], keywords: ['German', 'Language', 'Grammar'] },
  { slug: 'mandarin-chinese', offers: ['Mandarin Chinese lessons', 'Chinese calligraphy basics'], keywords: ['Mandarin', 'Chinese', 'Calligraphy'] },
  { slug: 'cooking-lessons', offers: ['Cooking lessons for busy families', 'Knife skills and kitchen basics'], keywords: ['Cooking', 'Kitchen', 'Recipes'] },
  { slug: 'baking-pastry', offers: ['Sourdough bread baking', 'Cake decorating and pastry'], keywords: ['Baking', 'Sourdough', 'Pastry'] },
  { slug: 'meal-prep-planning', offers: ['Weekly meal prep planning', 'Batch cooking for the freezer'], keywords: ['Meal Prep', 'Cooking', 'Planning'] },
  { slug: 'world-cuisines', offers: ['Thai cooking classes', 'Homemade Italian pasta'], keywords: ['Thai Food', 'Pasta', 'Cuisine'] },
  { slug: 'bookkeeping-accounting', offers: ['Bookkeeping for freelancers', 'Tax return preparation help'], keywords: ['Bookkeeping', 'Taxes', 'Accounting'] },
  { slug: 'personal-finance-budgeting', offers: ['Personal budgeting and saving plans', 'Understanding retirement accounts'], keywords: ['Budgeting', 'Finance', 'Saving'] },
  { slug: 'marketing-consultation', offers: ['Marketing consultation for startups', 'Email newsletter strategy'], keywords: ['Marketing', 'Strategy', 'Newsletter'] },
  { slug: 'resume-career-coaching', offers: ['Resume review and interview practice', 'LinkedIn profile makeover'], keywords: ['Resume', 'Career', 'Interview'] },
  { slug: 'sewing-alterations', offers: ['Sewing and clothing alterations', 'Hemming trousers and fixing zippers'], keywords: ['Sewing', 'Alterations', 'Tailoring'] },
  { slug: 'knitting-crochet', offers: ['Knitting lessons and scarf patterns', 'Crochet for beginners'], keywords: ['Knitting', 'Crochet', 'Yarn'] },
  { slug: 'woodworking', offers: ['Woodworking and building shelves', 'Furniture restoration and sanding'], keywords: ['Woodworking', 'Carpentry', 'Furniture'] },
  { slug: 'pottery-ceramics', offers: ['Pottery wheel basics', 'Hand-built ceramics workshop'], keywords: ['Pottery', 'Ceramics', 'Clay'] },
  { slug: 'personal-training', offers: ['Personal training and strength workouts', 'Home workout plans'], keywords: ['Fitness', 'Strength', 'Workout'] },
  { slug: 'running-coaching', offers: ['Running coaching for a first 5K', 'Marathon training plans'], keywords: ['Running', '5K', 'Marathon'] },
  { slug: 'swimming-lessons', offers: ['Swimming lessons for adults', 'Kids swim coaching'], keywords: ['Swimming', 'Swim', 'Pool'] },
  { slug: 'childcare-babysitting', offers: ['Evening babysitting', 'After-school childcare and homework'], keywords: ['Babysitting', 'Childcare', 'Kids'] },
  { slug: 'errands-rides', offers: ['Rides to appointments and errands', 'Grocery shopping for neighbours'], keywords: ['Errands', 'Rides', 'Groceries'] },
  { slug: 'dog-walking', offers: ['Dog walking on weekdays', 'Weekend dog walks and play'], keywords: ['Dog Walking', 'Dogs', 'Pets'] },
  { slug: 'pet-sitting', offers: ['Pet sitting while you travel', 'Cat sitting and feeding'], keywords: ['Pet Sitting', 'Cats', 'Pets'] },
  { slug: 'dog-training', offers: ['Puppy training and leash manners', 'Dog obedience basics'], keywords: ['Dog Training', 'Puppy', 'Obedience'] },
  { slug: 'car-maintenance', offers: ['Car maintenance and oil changes', 'Checking brakes and tires'], keywords: ['Car Repair', 'Oil Change', 'Brakes'] },
  { slug: 'bicycle-repair', offers: ['Bike repair and tune-ups', 'Fixing flat tires and gears'], keywords: ['Bike Repair', 'Cycling', 'Bicycles'] },
];

const AUDIENCES = ['for beginners', 'for neighbours', 'for families', 'for busy parents', 'for small businesses', 'for students', 'for seniors', 'on weekends'];
const DETAILS = [
  'I have done this for years and enjoy sharing it',
  'patient and friendly, happy to go at your pace',
  'I can bring my own tools and materials',
  'sessions of about an hour work best for me',
  'I learned this at work and still love it',
  'relaxed and practical, no experience needed',
];
const WANT_REASONS = ['for a project at home', 'to finally get started', 'for my family', 'before the summer', 'to help my small business', 'as a new hobby'];
const DAYS = ['Weekends', 'Weekday evenings', 'Mondays and Wednesdays', 'Saturday mornings', 'Flexible'];
const TIMES = ['Mornings', 'Afternoons', 'Evenings', 'After 6 pm'];
const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mateo', 'Amelia', 'Ethan',
  'Harper', 'Benjamin', 'Evelyn', 'Henry', 'Abigail', 'Daniel', 'Priya', 'Wei', 'Aisha', 'Carlos', 'Fatima', 'Hiroshi', 'Sofia',
  'Diego', 'Grace', 'Samuel', 'Chloe', 'Omar', 'Zoe', 'Ravi', 'Nora', 'Kwame', 'Lena', 'Marco', 'Hannah', 'Tariq', 'Julia', 'Andre',
  'Maya', 'Jonah', 'Elena', 'Felix', 'Rosa', 'Theo', 'Leila', 'Gabriel',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson',
  'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker',
  'Young', 'Allen', 'King', 'Wright', 'Scott', 'Nguyen', 'Patel', 'Chen', 'Kim', 'Okafor', 'Silva', 'Rossi', 'Cohen', "O'Brien",
  'Murphy', 'Sullivan', 'Kowalski', 'Haddad', 'Tanaka', 'Novak', 'Fischer', 'Bianchi', 'Mensah', 'Larsen', 'Dubois',
];

/** Cities members live around (ZIP centroids within `CITY_RADIUS_MILES`). */
export const CITIES = [
  { name: 'Boston, MA', latitude: 42.3601, longitude: -71.0589 },
  { name: 'New York, NY', latitude: 40.7128, longitude: -74.006 },
  { name: 'Chicago, IL', latitude: 41.8781, longitude: -87.6298 },
  { name: 'Austin, TX', latitude: 30.2672, longitude: -97.7431 },
  { name: 'Seattle, WA', latitude: 47.6062, longitude: -122.3321 },
];
const CITY_RADIUS_MILES = 20;
const RADII = [5, 10, 15, 25, 50] as const;
const SERVICE_TYPES = ['digital', 'physical', 'both'] as const;
const FORMATS: PostFormat[] = ['in_person', 'remote', 'hybrid'];

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** ZIPs near each city, read once from the offline `zipcodes` data set. */
function zipsByCity(): ZipRecord[][] {
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> };
  const byCity: ZipRecord[][] = CITIES.map(() => []);
  for (const code of Object.values(codes)) {
    if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
    CITIES.forEach((city, i) => {
      const dLat = (code.latitude - city.latitude) * 69;
      const dLon = (code.longitude - city.longitude) * 69 * Math.cos((city.latitude * Math.PI) / 180);
      if (Math.hypot(dLat, dLon) <= CITY_RADIUS_MILES) byCity[i]?.push(code);
    });
  }
  return byCity;
}

/** mulberry32: a small seeded PRNG, so a seed gives the same community every time. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { next, pick, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

export interface MemberSeed {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  about: string;
  serviceType: (typeof SERVICE_TYPES)[number];
  skill: Skill;
  keywords: string[];
  zip: ZipRecord;
  radius: number;
  profileVisible: boolean;
  locationSharing: boolean;
}

export interface PostSeedRow {
  id: string;
  userId: string;
  title: string;
  offering: string;
  lookingFor: string;
  additionalContext: string | null;
  keywords: string[];
  format: PostFormat | null;
  skillSlug: string;
  preferredDays: string | null;
  preferredTimes: string | null;
  zip: ZipRecord;
  createdAt: Date;
}

export interface CommunityOptions {
  members: number;
  posts: number;
  seed?: number;
  /** Numbering of members continues from here (a second batch must not reuse e-mails). */
  firstMember?: number;
  /** Share of members with Profile Visibility off (bench: a few percent). */
  hiddenShare?: number;
  /** Oldest post age in days. */
  maxAgeDays?: number;
  emailDomain?: string;
  /** Members live around the first this-many `CITIES` (the demo keeps one neighbourhood). */
  cityCount?: number;
  /**
   * Every post distinct (the demo): no title or offering twice in the community, no offer twice
   * by one member. Off for the benchmarks, whose 50,000 posts repeat by design.
   */
  distinctPosts?: boolean;
  now?: Date;
}

/** Builds members and posts in memory (nothing is written). */
export function generateCommunity(options: CommunityOptions): { members: MemberSeed[]; posts: PostSeedRow[] } {
  const rnd = random(options.seed ?? 42);
  const now = options.now ?? new Date();
  const cities = zipsByCity().slice(0, options.cityCount ?? CITIES.length);
  const first = options.firstMember ?? 0;
  const members: MemberSeed[] = [];
  for (let i = 0; i < options.members; i += 1) {
    const firstName = rnd.pick(FIRST_NAMES);
    const lastName = rnd.pick(LAST_NAMES);
    const skill = rnd.pick(SKILLS);
    const zip = rnd.pick(rnd.pick(cities.filter((c) => c.length > 0)));
    const n = first + i + 1;
    members.push({
      id: `seed-${options.seed ?? 42}-${n}`,
      email: `${firstName}.${lastName}.${n}@${options.emailDomain ?? 'bench.skillswap.local'}`.toLowerCase().replace(/'/g, ''),
      name: `${firstName} ${lastName}`,
      createdAt: new Date(now.getTime() - rnd.int(10, 400) * 86_400_000),
      about: aboutText(firstName, skill, rnd),
      serviceType: rnd.pick(SERVICE_TYPES),
      skill,
      keywords: skill.keywords.slice(0, rnd.int(1, 3)),
      zip,
      radius: rnd.pick(RADII),
      profileVisible: rnd.next() >= (options.hiddenShare ?? 0.03),
      locationSharing: rnd.next() >= 0.05,
    });
  }
  const posts: PostSeedRow[] = [];
  const chooseDistinct = options.distinctPosts ? distinctOffers() : undefined;
  for (let i = 0; i < options.posts; i += 1) {
    const author = members[i % members.length] ?? rnd.pick(members);
    const preferred = rnd.next() < 0.7 ? author.skill : rnd.pick(SKILLS);
    const choice = chooseDistinct?.(author.id, preferred, rnd);
    const skill = choice?.skill ?? preferred;
    const wanted = rnd.pick(SKILLS.filter((s) => s !== skill));
    const offer = choice?.offer ?? rnd.pick(skill.offers);
    const offering = `${offer} ${choice?.audience ?? rnd.pick(AUDIENCES)}, ${rnd.pick(DETAILS)}.`.slice(0, 300);
    const lookingFor = `${rnd.pick(wanted.offers)} ${rnd.pick(WANT_REASONS)}.`.slice(0, 300);
    const format = rnd.next() < 0.85 ? rnd.pick(FORMATS) : null;
    posts.push({
      id: randomUUID(),
      userId: author.id,
      title: choice?.title ?? (offer.length >= 10 ? offer.slice(0, 80) : `Offering: ${offer}`),
      offering,
      lookingFor,
      additionalContext: rnd.next() < 0.3 ? 'Happy to meet at the library or a coffee shop nearby.' : null,
      keywords: skill.keywords.slice(0, rnd.int(0, 3)),
      format,
      skillSlug: skill.slug,
      preferredDays: rnd.next() < 0.5 ? rnd.pick(DAYS) : null,
      preferredTimes: rnd.next() < 0.5 ? rnd.pick(TIMES) : null,
      zip: author.zip,
      createdAt: new Date(now.getTime() - Math.floor(rnd.next() * (options.maxAgeDays ?? 120) * 86_400_000)),
    });
  }
  return { members, posts };
}

interface DistinctOffer {
  skill: Skill;
  offer: string;
  audience: string;
  title: string;
}

/**
 * Picks offers so that no two posts share a title or an offering: each (offer, audience) pair
 * is used once, a member never repeats an offer, and an offer's second use carries its audience
 * in the title ('Lawn care and hedge trimming for families'). The member's preferred skill comes
 * first, then the others from a random start. Offers that already say 'for ...' only take
 * audiences that do not ('Guitar lessons for beginners on weekends').
 */
function distinctOffers() {
  const usedPairs = new Set<string>();
  const usedTitles = new Set<string>();
  const offersByMember = new Map<string, Set<string>>();
  return (memberId: string, preferred: Skill, rnd: ReturnType<typeof random>): DistinctOffer => {
    const mine = offersByMember.get(memberId) ?? new Set<string>();
    offersByMember.set(memberId, mine);
    const start = rnd.int(0, SKILLS.length - 1);
    const skills = [preferred, ...SKILLS.slice(start), ...SKILLS.slice(0, start)];
    const audienceStart = rnd.int(0, AUDIENCES.length - 1);
    const audiences = [...AUDIENCES.slice(audienceStart), ...AUDIENCES.slice(0, audienceStart)];
    for (const skill of skills) {
      for (const offer of skill.offers) {
        if (mine.has(offer)) continue;
        for (const audience of audiences) {
          if (/\bfor\b/.test(offer) && audience.startsWith('for ')) continue;
          const pair = `${offer}|${audience}`;
          const title = (usedTitles.has(offer) ? `${offer} ${audience}` : offer).slice(0, 80);
          if (usedPairs.has(pair) || usedTitles.has(title)) continue;
          usedPairs.add(pair);
          usedTitles.add(title);
          mine.add(offer);
          return { skill, offer, audience, title };
        }
      }
    }
    throw new Error('more posts than distinct offers: lower the post count');
  };
}

function aboutText(firstName: string, skill: Skill, rnd: ReturnType<typeof random>): string {
  const topic = (skill.offers[0] ?? 'sharing skills').toLowerCase();
  return [
    `Hi, I'm ${firstName}.`,
    `I have been into ${topic} for a long time and I enjoy passing on what I know to neighbours who are curious about it.`,
    `Outside of that I like long walks, good food and meeting the people who live around me.`,
    `I'm reliable, patient and always happy to adapt to your schedule, ${rnd.pick(['especially on weekends', 'most evenings', 'whenever it suits you'])}.`,
    'Send me a request and let us trade skills!',
  ].join(' ');
}

const BATCH = 2_000;

/**
 * Writes a generated community: users, profiles, settings (only where not default), posts and
 * post_tags, in batches of one INSERT ... SELECT FROM json_to_recordset each. Category ids are
 * resolved by slug. Does not VACUUM; call `analyze` after the last batch. `progress` hears of
 * every batch ('members', 'posts') and every index rebuilt after a bulk load ('indexes').
 */
export async function insertCommunity(
  db: Database,
  community: { members: MemberSeed[]; posts: PostSeedRow[] },
  progress: SeedProgress = () => undefined,
): Promise<void> {
  // Building GIN and trigram indexes once is far cheaper than updating them row by row.
  const bulk = community.posts.length >= 1_000;
  const indexes = bulk ? await dropSecondaryIndexes(db) : [];
  try {
    await insertRows(db, community, progress);
  } finally {
    for (const [i, definition] of indexes.entries()) {
      progress('indexes', i, indexes.length);
      await db.execute(sql.raw(definition));
    }
    if (indexes.length > 0) progress('indexes', indexes.length, indexes.length);
  }
}

/**
 * Drops the non-unique indexes of the bulk-loaded tables and returns their definitions
 * (from pg_indexes, so they are recreated exactly as the migrations made them).
 */
async function dropSecondaryIndexes(db: Database): Promise<string[]> {
  const rows = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`SELECT i.indexname, i.indexdef FROM pg_indexes i
        JOIN pg_class c ON c.relname = i.indexname
        JOIN pg_index x ON x.indexrelid = c.oid
        WHERE i.schemaname = 'public' AND i.tablename IN ('posts', 'post_tags', 'profiles') AND NOT x.indisunique`,
  );
  for (const row of rows) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${row.indexname}"`));
  return rows.map((r) => r.indexdef);
}

async function insertRows(db: Database, community: { members: MemberSeed[]; posts: PostSeedRow[] }, progress: SeedProgress): Promise<void> {
  const categories = await queryRows<{ id: number; slug: string; parent_id: number | null }>(
    db,
    sql`SELECT id, slug, parent_id FROM skill_categories`,
  );
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const categoryOf = (slug: string) => bySlug.get(slug);

  let members = 0;
  if (community.members.length > 0) progress('members', 0, community.members.length);
  for (const chunk of chunks(community.members, BATCH)) {
    const users = chunk.map((m) => ({ id: m.id, name: m.name, email: m.email, created_at: m.createdAt.toISOString() }));
    await db.execute(sql`INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
      SELECT r.id, r.name, r.email, true, r.created_at, r.created_at
      FROM json_to_recordset(${JSON.stringify(users)}::json) AS r(id text, name text, email text, created_at timestamptz)`);
    const profiles = chunk.map((m) => ({
      id: m.id,
      display_name: m.name,
      about: m.about,
      service_type: m.serviceType,
      primary_category_id: categoryOf(m.skill.slug)?.parent_id ?? null,
      skill_keywords: m.keywords,
      zip_code: m.zip.zip,
      service_radius_miles: m.radius,
      location: `${m.zip.city}, ${m.zip.state}`,
      latitude: m.zip.latitude,
      longitude: m.zip.longitude,
      created_at: m.createdAt.toISOString(),
    }));
    await db.execute(sql`INSERT INTO profiles (id, display_name, about, service_type, primary_category_id, skill_keywords,
        zip_code, service_radius_miles, location, latitude, longitude, created_at, updated_at)
      SELECT r.id, r.display_name, r.about, r.service_type, r.primary_category_id,
        ARRAY(SELECT json_array_elements_text(r.skill_keywords)), r.zip_code, r.service_radius_miles, r.location,
        r.latitude, r.longitude, r.created_at, r.created_at
      FROM json_to_recordset(${JSON.stringify(profiles)}::json) AS r(id text, display_name text, about text,
        service_type text, primary_category_id integer, skill_keywords json, zip_code text, service_radius_miles integer,
        location text, latitude float8, longitude float8, created_at timestamptz)`);
    const settings = chunk
      .filter((m) => !m.profileVisible || !m.locationSharing)
      .map((m) => ({ user_id: m.id, profile_visibility: m.profileVisible, location_sharing: m.locationSharing }));
    if (settings.length > 0) {
      await db.execute(sql`INSERT INTO member_settings (user_id, profile_visibility, location_sharing)
        SELECT r.user_id, r.profile_visibility, r.location_sharing
        FROM json_to_recordset(${JSON.stringify(settings)}::json) AS r(user_id text, profile_visibility boolean, location_sharing boolean)`);
    }
    members += chunk.length;
    progress('members', members, community.members.length);
  }

  let posts = 0;
  if (community.posts.length > 0) progress('posts', 0, community.posts.length);
  for (const chunk of chunks(community.posts, BATCH)) {
    const rows = chunk.map((p) => ({
      id: p.id,
      user_id: p.userId,
      title: p.title,
      description: buildDescription(p),
      offering: p.offering,
      looking_for: p.lookingFor,
      additional_context: p.additionalContext,
      custom_tags: customTagsFor(p.keywords, p.format),
      service_type: p.format,
      category_id: categoryOf(p.skillSlug)?.id ?? null,
      preferred_days: p.preferredDays,
      preferred_times: p.preferredTimes,
      availability_description: availabilityText(p) || null,
      zip_code: p.zip.zip,
      latitude: p.zip.latitude,
      longitude: p.zip.longitude,
      created_at: p.createdAt.toISOString(),
    }));
    await db.execute(sql`INSERT INTO posts (id, user_id, title, description, offering, looking_for, additional_context,
        custom_tags, service_type, category_id, preferred_days, preferred_times, availability_description, status,
        zip_code, latitude, longitude, created_at, updated_at)
      SELECT r.id, r.user_id, r.title, r.description, r.offering, r.looking_for, r.additional_context,
        ARRAY(SELECT json_array_elements_text(r.custom_tags)), r.service_type, r.category_id, r.preferred_days,
        r.preferred_times, r.availability_description, 'active', r.zip_code, r.latitude, r.longitude, r.created_at, r.created_at
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id uuid, user_id text, title text, description text,
        offering text, looking_for text, additional_context text, custom_tags json, service_type text, category_id integer,
        preferred_days text, preferred_times text, availability_description text, zip_code text, latitude float8,
        longitude float8, created_at timestamptz)`);
    const tags = chunk.flatMap((p) => derivePostTags(p.offering, p.lookingFor).map((t) => ({ post_id: p.id, tag: t.tag, side: t.side })));
    await db.execute(sql`INSERT INTO post_tags (post_id, tag, side)
      SELECT r.post_id, r.tag, r.side FROM json_to_recordset(${JSON.stringify(tags)}::json) AS r(post_id uuid, tag text, side text)
      ON CONFLICT DO NOTHING`);
    posts += chunk.length;
    progress('posts', posts, community.posts.length);
  }
}

/**
 * Refreshes planner statistics (PGlite has no autovacuum; GIN indexes need it after bulk loads),
 * of the tables that hold rows. A table analyzed while empty is recorded as empty, and PostgreSQL
 * then plans for an empty table however many rows arrive until it is analyzed again (autovacuum:
 * a minute or more; PGlite: never): a page of posts joined its authors' few hundred requests row
 * by row (~7 ms, bench/RESULTS.md). A table never analyzed is planned from its size, as on a new
 * install.
 */
export async function analyze(db: Database): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const filled: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ filled: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(name)}) AS filled`);
    if (row?.filled) filled.push(name);
  }
  if (filled.length > 0) await db.execute(sql`VACUUM ANALYZE ${sql.join(filled.map((name) => sql.identifier(name)), sql`, `)}`);
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
