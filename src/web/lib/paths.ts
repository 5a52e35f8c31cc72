/**
 * Every route path of the web app, in one place. A leaf module with no imports, so
 * features may use it for their links without depending on the rest of `app/`.
 */
export const paths = {
  landing: '/',
  signup: '/signup',
  login: '/login',
  signin: '/signin',
  forgotPassword: '/forgot-password',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
  terms: '/terms',
  privacy: '/privacy',
  help: '/help',
  completeProfile: '/complete-profile',
  profile: '/profile',
  profileView: '/profile/:id',
  profileEdit: '/profile/edit',
  home: '/home',
  homeDatabase: '/home-database',
  search: '/search',
  messages: '/messages',
  network: '/network',
  notifications: '/notifications',
  settings: '/settings',
  verification: '/verification',
  dashboard: '/dashboard',
  termsPdf: '/terms-of-service.pdf',
  privacyPdf: '/privacy-policy.pdf',
} as const;

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
