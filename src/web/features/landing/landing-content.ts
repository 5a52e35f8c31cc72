import {
  Bike,
  Camera,
  Code,
  Dumbbell,
  Hammer,
  HandCoins,
  Handshake,
  Languages,
  ListPlus,
  MessageCircle,
  Music,
  Recycle,
  Repeat,
  Search,
  ShieldCheck,
  Sprout,
  Star,
  Users,
  Utensils,
  type LucideIcon,
} from 'lucide-react';

/** Static marketing copy for the landing page (not user data). */

export interface SellingPoint {
  Icon: LucideIcon;
  title: string;
  description: string;
}

export const sellingPoints: SellingPoint[] = [
  {
    Icon: ShieldCheck,
    title: 'Verified users',
    description:
      'Identity verification gives members a trust badge, so you know who you are meeting before you swap.',
  },
  {
    Icon: MessageCircle,
    title: 'Private messaging',
    description:
      'Plan every exchange in a private conversation. Your e-mail address and phone number stay yours.',
  },
  {
    Icon: Star,
    title: 'Community ratings',
    description:
      'After each exchange both neighbors rate each other, building a reputation you can be proud of.',
  },
  {
    Icon: Users,
    title: 'Active local community',
    description:
      'Meet people within your own service radius who are ready to trade, from the next street to the next town.',
  },
];

export interface HowItWorksStep {
  value: string;
  Icon: LucideIcon;
  title: string;
  summary: string;
  description: string;
  examples: string[];
  story: { author: string; text: string };
}

export const howItWorksSteps: HowItWorksStep[] = [
  {
    value: 'offer',
    Icon: ListPlus,
    title: 'List what you offer',
    summary: 'Share the skills you enjoy using, from fixing bikes to polishing résumés.',
    description:
      'Create your profile and an exchange post describing what you can do, how you like to work (in person, remote or both) and how far you are happy to travel. Add a few keywords so neighbors searching for your skill can find you.',
    examples: [
      'Guitar lessons for beginners',
      'Basic bike tune-ups',
      'Résumé and cover-letter review',
      'A sourdough baking class in your kitchen',
    ],
    story: {
      author: 'Maya, Jamaica Plain',
      text: 'Maya teaches music for a living. She listed "Beginner guitar lessons, one hour, at my place or yours" and within a week three neighbors had asked about it.',
    },
  },
  {
    value: 'need',
    Icon: Search,
    title: 'Share what you need',
    summary: 'Tell the community what you would love a hand with.',
    description:
      'In the same post, say what you are looking for in return. Be specific: the more detail you give, the better the matches. What you need is compared with what other members offer, so the right people come to you.',
    examples: [
      'Help assembling flat-pack furniture',
      'Conversational Spanish practice',
      'A logo for a small business',
      'Someone to walk the dog on Tuesdays',
    ],
    story: {
      author: 'Sam, Roslindale',
      text: 'Sam wanted a simple website for his bike-repair side business. He wrote exactly that, and two nearby members who build websites were suggested to him the same day.',
    },
  },
  {
    value: 'exchange',
    Icon: Repeat,
    title: 'Match and exchange skills',
    summary: 'Connect with a compatible neighbor, agree on the details and swap.',
    description:
      'Browse the community feed or switch to Highest Compatibility to see who complements your skills. Send an exchange request, agree on a time and place in private messages, then meet and trade. When you are done, mark the exchange as completed and rate each other.',
    examples: [
      'One guitar lesson for one bike tune-up',
      'Two hours of tutoring for a home-cooked meal',
      'A portrait session for help planting a garden bed',
      'Help with tax forms for a week of dog walking',
    ],
    story: {
      author: 'Maya and Sam',
      text: 'Maya and Sam matched on the feed. Sam tuned up her bike, Maya taught him his first three chords, and both left five-star ratings. They still swap every month.',
    },
  },
];

export interface SkillCategory {
  Icon: LucideIcon;
  name: string;
  examples: string[];
}

export const skillCategories: SkillCategory[] = [
  { Icon: Hammer, name: 'Home & Garden', examples: ['Furniture repair', 'Gardening', 'Painting'] },
  { Icon: Languages, name: 'Tutoring & Languages', examples: ['Math tutoring', 'Spanish', 'Exam prep'] },
  { Icon: Music, name: 'Music & Arts', examples: ['Guitar', 'Piano', 'Drawing'] },
  { Icon: Code, name: 'Tech & Digital', examples: ['Web design', 'Phone setup', 'Spreadsheets'] },
  { Icon: Utensils, name: 'Cooking & Baking', examples: ['Meal prep', 'Bread baking', 'Cake decorating'] },
  { Icon: Dumbbell, name: 'Fitness & Wellness', examples: ['Running buddy', 'Yoga', 'Stretching'] },
  { Icon: Camera, name: 'Photography & Design', examples: ['Portraits', 'Logo design', 'Photo editing'] },
  { Icon: Bike, name: 'Repairs & Making', examples: ['Bike tune-ups', 'Sewing', 'Small fixes'] },
];

export interface Benefit {
  Icon: LucideIcon;
  title: string;
  description: string;
}

export const benefits: Benefit[] = [
  {
    Icon: Handshake,
    title: 'Build real connections',
    description:
      'Swaps happen face to face or one to one. You get to know the people around you, not just their skills.',
  },
  {
    Icon: HandCoins,
    title: 'No cash required',
    description:
      'Your time and talent are the currency. Learn something new or get a job done without spending a cent.',
  },
  {
    Icon: Sprout,
    title: 'Support local talent',
    description:
      'Help neighbors practice their craft, grow a portfolio and earn a reputation through honest ratings.',
  },
  {
    Icon: Recycle,
    title: 'Reduce consumption',
    description:
      'Repair, share and teach instead of buying new. Every swap keeps a little more out of the landfill.',
  },
];

export interface Testimonial {
  name: string;
  neighborhood: string;
  quote: string;
}

export const testimonials: Testimonial[] = [
  {
    name: 'Maya R.',
    neighborhood: 'Jamaica Plain',
    quote:
      'I traded guitar lessons for a full bike tune-up. Months later we are still swapping, and I have met half my street.',
  },
  {
    name: 'Daniel K.',
    neighborhood: 'Somerville',
    quote:
      'As a retiree I have more time than money. Helping a young couple with their taxes got me a vegetable garden in return.',
  },
  {
    name: 'Priya S.',
    neighborhood: 'Dorchester',
    quote:
      'I needed a logo for my bakery and paid for it in sourdough classes. It felt easy, friendly and safe.',
  },
  {
    name: 'Marcus T.',
    neighborhood: 'Cambridgeport',
    quote:
      'Ratings gave me the confidence to meet someone new. I tutor math on Saturdays and practice Spanish on Sundays.',
  },
];
