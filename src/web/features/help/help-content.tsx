import { PenLine, Rocket, ShieldCheck, Star, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { appConfig } from '@/lib/app-config';

export interface FaqEntry {
  value: string;
  question: string;
  answer: ReactNode;
}

const inlineLink = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

export const faqEntries: FaqEntry[] = [
  {
    value: 'how-it-works',
    question: `How does ${appConfig.appName} work?`,
    answer: (
      <>
        Create a profile, then publish an exchange post saying what you offer and what you are looking for. Browse
        the community feed or search for a skill, and send an exchange request when you find a good match. Once it
        is accepted, plan the swap together in private messages. No money changes hands.
      </>
    ),
  },
  {
    value: 'cant-sign-in',
    question: "I can't sign in. What should I do?",
    answer: (
      <>
        Use{' '}
        <Link to={paths.forgotPassword} className={inlineLink}>
          Can't sign in?
        </Link>{' '}
        on the log-in page to get a recovery link by e-mail. If you never received your verification e-mail, check
        your spam folder first. Still stuck? Write to{' '}
        <a href={`mailto:${appConfig.supportEmail}`} className={inlineLink}>
          {appConfig.supportEmail}
        </a>
        .
      </>
    ),
  },
  {
    value: 'staying-safe',
    question: 'How do I stay safe when meeting someone?',
    answer: (
      <>
        Check the member's verification badge and ratings, keep your conversation in {appConfig.appName} messages,
        meet somewhere public for a first exchange and tell a friend where you are going. If anything worries you,
        tell us right away.
      </>
    ),
  },
  {
    value: 'after-exchange',
    question: 'What happens after an exchange?',
    answer: (
      <>
        Either member can mark the exchange as completed. Each of you can then rate the other once, from 1 to 5
        stars with an optional comment. Ratings build your reputation and help the whole community choose with
        confidence.
      </>
    ),
  },
];

export interface Guide {
  Icon: LucideIcon;
  title: string;
  description: string;
  tips: string[];
}

export const guides: Guide[] = [
  {
    Icon: Rocket,
    title: 'Getting started',
    description: 'Set up a profile that neighbors want to swap with.',
    tips: ['Verify your e-mail address', 'Add a friendly photo and a short About Me', 'Pick up to five skill keywords'],
  },
  {
    Icon: PenLine,
    title: 'Creating great posts',
    description: 'Clear posts get better matches, faster.',
    tips: ['Use a specific title', 'Say exactly what you offer and what you need', 'Choose in person, remote or hybrid'],
  },
  {
    Icon: ShieldCheck,
    title: 'Staying safe',
    description: 'Simple habits for meeting people you do not know yet.',
    tips: ['Check verification and ratings', 'Meet in a public place first', 'Keep your chats on the platform'],
  },
  {
    Icon: Star,
    title: 'Exchanges & ratings',
    description: 'From first request to five stars.',
    tips: ['Agree on the details in messages', 'Mark the exchange as completed', 'Leave an honest rating'],
  },
];

export const responseTimes = [
  { channel: 'Email', time: 'within 24 hours' },
  { channel: 'Live chat', time: 'within 5 minutes' },
  { channel: 'Critical issues', time: 'within 4 hours' },
] as const;

export const liveChatHours = '9 AM - 6 PM EST';
