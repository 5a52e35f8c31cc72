/** Requests on a member's posts over the window (the last 90 days), as the server counts them. */
export interface ResponseCounts {
  /** Requests received, without the withdrawn ones the member never answered. */
  received: number;
  /** Of those, the ones the member accepted or declined. */
  responded: number;
  /** Median seconds from a request to its answer; null when none was answered. */
  medianResponseSeconds: number | null;
}

/** Days of request history the signal looks back over. */
export const RESPONSE_SIGNAL_WINDOW_DAYS = 90;
/** Fewer requests than this say nothing about a member: the signal is hidden. */
export const RESPONSE_SIGNAL_MIN_REQUESTS = 3;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Typical response time in words, from the median. */
export function responseTimeText(medianSeconds: number): string {
  if (medianSeconds < HOUR) return 'usually within an hour';
  if (medianSeconds < 6 * HOUR) return 'usually within a few hours';
  if (medianSeconds < DAY) return 'usually within a day';
  if (medianSeconds < 3 * DAY) return 'usually within a few days';
  if (medianSeconds < 7 * DAY) return 'usually within a week';
  return 'usually takes more than a week';
}

/**
 * How a member answers exchange requests, as profiles and post cards show it
 * (issue 11: what time banks miss most are members who never answer):
 * 'Responds to 9 of 10 requests · usually within a day'. Null (hidden) below 3 requests;
 * without any answer only the rate shows.
 */
export function responseSignalText(counts: ResponseCounts | null | undefined): string | null {
  if (!counts || counts.received < RESPONSE_SIGNAL_MIN_REQUESTS) return null;
  const rate = `Responds to ${counts.responded} of ${counts.received} requests`;
  if (counts.responded === 0 || counts.medianResponseSeconds === null) return rate;
  return `${rate} · ${responseTimeText(Math.max(counts.medianResponseSeconds, 0))}`;
}
