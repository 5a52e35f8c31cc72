export { paths } from '@shared/app-paths';

/** Section ids on the landing page that the top bar and footer link to. */
export const landingAnchors = {
  community: 'community',
  howItWorks: 'how-it-works',
  skills: 'skills',
  benefits: 'benefits',
} as const;

export type LandingAnchor = (typeof landingAnchors)[keyof typeof landingAnchors];

/** `/profile/{id}` for a member's user id. */
export function profilePath(id: string): string {
  return `/profile/${encodeURIComponent(id)}`;
}

/** `/#{anchor}`: works from any page; the landing page scrolls to the section. */
export function landingAnchorPath(anchor: LandingAnchor): string {
  return `/#${anchor}`;
}
