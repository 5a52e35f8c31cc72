import { eq } from 'drizzle-orm';
import { TRUST_SCORE_EXPLANATION, trustScore } from '../../../shared/domain/trust-score.js';
import {
  VERIFICATION_STEP_IDS,
  VERIFICATION_STEP_TEXT,
  VERIFIED_STEP_TEXT,
  type TrustScoreSummary,
  type VerificationResponse,
  type VerificationStatus,
  type VerificationStep,
  type VerificationStepId,
} from '../../../shared/schemas/verification.js';
import type { Database } from '../../db/client.js';
import { memberVerifications, users } from '../../db/schema/index.js';
import { countCompletedExchanges, ratingSummary } from '../profiles/profiles.service.js';
import { responseSignals } from '../profiles/response-signal.js';

/**
 * The spec's mapping: a step is verified when its flag is true; otherwise the e-mail step is
 * pending (the link is on its way) and the others have not started. The e-mail flag is
 * better-auth's `users.email_verified`, the others `member_verifications` (no row: all false).
 * Nothing in the product sets the other three yet, so they read 'not_started' with what they need.
 */
async function verificationFlags(db: Database, userId: string): Promise<Record<VerificationStepId, boolean>> {
  const [row] = await db
    .select({
      email: users.emailVerified,
      phone: memberVerifications.phoneVerified,
      identity: memberVerifications.identityVerified,
      skills: memberVerifications.skillsVerified,
    })
    .from(users)
    .leftJoin(memberVerifications, eq(memberVerifications.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return { email: row?.email === true, phone: row?.phone === true, identity: row?.identity === true, skills: row?.skills === true };
}

function step(id: VerificationStepId, verified: boolean): VerificationStep {
  const text = VERIFICATION_STEP_TEXT[id];
  const status: VerificationStatus = verified ? 'verified' : id === 'email' ? 'pending' : 'not_started';
  return { id, title: text.title, description: text.description, status, detail: verified ? VERIFIED_STEP_TEXT[id] : text.needs };
}

/** The Trust Score and the four figures behind it, from the member's real exchanges, ratings and answers. */
export async function trustScoreSummary(db: Database, userId: string): Promise<TrustScoreSummary> {
  const completedExchanges = await countCompletedExchanges(db, userId);
  const { rating, ratingCount } = await ratingSummary(db, userId);
  const signal = (await responseSignals(db, [userId])).get(userId);
  const averageRating = ratingCount > 0 ? rating : null;
  const requestsReceived = signal?.received ?? 0;
  const requestsAnswered = signal?.responded ?? 0;
  const { score, responseRate } = trustScore({ completedExchanges, averageRating, ratingCount, requestsReceived, requestsAnswered });
  return {
    score,
    completedExchanges,
    averageRating,
    ratingCount,
    responseRate,
    requestsReceived,
    requestsAnswered,
    explanation: TRUST_SCORE_EXPLANATION,
  };
}

/** GET /api/verification: the signed-in member's steps, progress and Trust Score. */
export async function getVerification(db: Database, userId: string): Promise<VerificationResponse> {
  const flags = await verificationFlags(db, userId);
  const steps = VERIFICATION_STEP_IDS.map((id) => step(id, flags[id]));
  const completedSteps = steps.filter((s) => s.status === 'verified').length;
  return {
    steps,
    completedSteps,
    progressPercent: Math.round((completedSteps / steps.length) * 100),
    trustScore: await trustScoreSummary(db, userId),
  };
}
