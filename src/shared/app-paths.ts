/**
 * Every route path of the web app, in one place: the browser's router builds its routes from
 * it, and the server answers any other page address with 404 (the same 404 screen). A leaf
 * module with no imports, so features may use it for their links without depending on the app.
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
  messagesConversation: '/messages/:id',
  network: '/network',
  notifications: '/notifications',
  settings: '/settings',
  verification: '/verification',
  unsubscribe: '/unsubscribe',
  dashboard: '/dashboard',
  termsPdf: '/terms-of-service.pdf',
  privacyPdf: '/privacy-policy.pdf',
} as const;

/** Files the server itself serves at page addresses (not routes of the browser's router). */
const SERVER_FILES: readonly string[] = [paths.termsPdf, paths.privacyPdf];

/** One pattern per page route: `:name` matches one path segment; case-insensitive like the router. */
const PAGE_PATTERNS: readonly RegExp[] = Object.values(paths)
  .filter((path) => !SERVER_FILES.includes(path))
  .map((path) => {
    const source = path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}/?$`, 'i');
  });

/** True when the browser's router has a page at `pathname` (no query string); otherwise it shows the 404 screen. */
export function isAppPage(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}
