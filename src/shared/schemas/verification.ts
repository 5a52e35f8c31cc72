import { z } from 'zod';

/**
 * /verification ('Verification & Settings', issue 13 item 4): the member's four verification
 * steps and their Trust Score. The contract shared by the server and the web app.
 *
 * `GET /api/verification` -> `VerificationResponse`, the signed-in member's own (401 for a visitor).
 */
export const VERIFICATION_STEP_IDS = ['email', 'phone', 'identity', 'skills'] as const;
export type VerificationStepId = (typeof VERIFICATION_STEP_IDS)[number];

export const VERIFICATION_STATUSES = ['verified', 'in_progress', 'pending', 'not_started'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The spec's badges. */
export const VERIFICATION_BADGES: Record<VerificationStatus, string> = {
  verified: 'Verified',
  in_progress: 'In Progress',
  pending: 'Pending',
  not_started: 'Not Started',
};

/**
 * Each step's title, what it proves, and what it needs while it is not done. Only the e-mail step
 * can be completed today (through the sign-up link); the others say so instead of pretending.
 */
export const VERIFICATION_STEP_TEXT: Record<VerificationStepId, { title: string; description: string; needs: string }> = {
  email: {
    title: 'Email Verification',
    description: 'Confirms you own the email address on your account.',
    needs: 'Open the verification link we sent to your email address.',
  },
  phone: {
    title: 'Phone Verification',
    description: 'Confirms a phone number other members can trust.',
    needs: 'Needs a mobile number and a code sent to it by text message. Phone verification is not available yet.',
  },
  identity: {
    title: 'Identity Verification',
    description: 'Confirms you are who your profile says you are.',
    needs: 'Needs an official photo ID checked by our team. Identity verification is not available yet.',
  },
  skills: {
    title: 'Skills Verification',
    description: 'Confirms the skills you offer.',
    needs: 'Needs references or examples of your work reviewed by our team. Skills verification is not available yet.',
  },
};

/** The line under a verified step. */
export const VERIFIED_STEP_TEXT: Record<VerificationStepId, string> = {
  email: 'Your email address is verified.',
  phone: 'Your phone number is verified.',
  identity: 'Your identity is verified.',
  skills: 'Your skills are verified.',
};

export const VerificationStep = z.object({
  id: z.enum(VERIFICATION_STEP_IDS),
  title: z.string(),
  description: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  /** What the step needs, or that it is done: always true to the member's state. */
  detail: z.string(),
});
export type VerificationStep = z.infer<typeof VerificationStep>;

export const TrustScoreSummary = z.object({
  /** 0-100, null ('--') before the first completed exchange or rating (shared/domain/trust-score.ts). */
  score: z.number().int().min(0).max(100).nullable(),
  completedExchanges: z.number().int().min(0),
  /** Average stars received, to one decimal; null without ratings. */
  averageRating: z.number().min(1).max(5).nullable(),
  ratingCount: z.number().int().min(0),
  /** Share of requests answered over the last 90 days, 0-100; null below 3 requests. */
  responseRate: z.number().int().min(0).max(100).nullable(),
  requestsReceived: z.number().int().min(0),
  requestsAnswered: z.number().int().min(0),
  /** One line: how the score is computed. */
  explanation: z.string(),
});
export type TrustScoreSummary = z.infer<typeof TrustScoreSummary>;

export const VerificationResponse = z.object({
  steps: z.array(VerificationStep).length(VERIFICATION_STEP_IDS.length),
  completedSteps: z.number().int().min(0).max(VERIFICATION_STEP_IDS.length),
  /** completedSteps out of 4, as a whole percentage (the spec's progress). */
  progressPercent: z.number().int().min(0).max(100),
  trustScore: TrustScoreSummary,
});
export type VerificationResponse = z.infer<typeof VerificationResponse>;
