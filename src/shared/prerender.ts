import { paths } from './app-paths.js';

/**
 * The public pages whose HTML the build renders ahead of time (scripts/prerender-plugin.ts), so a
 * visitor reads them before the JavaScript arrives; the browser app then hydrates that HTML.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.landing,
  paths.signup,
  paths.signin,
  paths.login,
  paths.forgotPassword,
  paths.terms,
  paths.privacy,
  paths.help,
];

/**
 * What prerendered HTML holds in place of the values only the running server knows (APP_NAME,
 * SUPPORT_EMAIL, the current year); the server writes them in, HTML-escaped, when it serves a page (plugins/web-app.ts).
 * Characters React's escaping leaves alone, so they survive in text and attributes alike.
 */
export const PRERENDER_PLACEHOLDERS = {
  appName: '@@APP_NAME@@',
  supportEmail: '@@SUPPORT_EMAIL@@',
  /** The footer's copyright year: the year the page is served in, not the build's. */
  year: '@@YEAR@@',
} as const;

/** One prerendered page: the build's HTML file it goes into (each has its entry script) and its `#root` HTML. */
export interface PrerenderedPage {
  template: string;
  html: string;
}

/** The build's file, in the web app's folder, mapping each prerendered path to its PrerenderedPage. */
export const PRERENDERED_FILE = 'prerendered.json';

/**
 * Members' pages whose first paint the build renders (the frame and the page's header, no member
 * data): the server sends it inside `#root` (marked `data-first-paint`) to a signed-in member, and
 * the app's first render replaces it. Written by the build to MEMBER_FIRST_PAINT_FILE, path -> HTML.
 */
export const MEMBER_FIRST_PAINT_PATHS: readonly string[] = [paths.home, paths.homeDatabase];

export const MEMBER_FIRST_PAINT_FILE = 'member-first-paint.json';
