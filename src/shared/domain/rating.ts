/** The words a member reads while nobody has rated them yet (profile page and Profile Details). */
export const NO_RATINGS_TEXT = 'No ratings yet';

/**
 * How a member's rating reads everywhere it is shown: 'No ratings yet' until the first
 * rating, then the average to one decimal and how many ratings it comes from,
 * e.g. '4.3 (3 ratings)'.
 */
export function ratingText(average: number | null, count: number): string {
  if (average === null || count <= 0) return NO_RATINGS_TEXT;
  return `${average.toFixed(1)} (${count} ${count === 1 ? 'rating' : 'ratings'})`;
}
