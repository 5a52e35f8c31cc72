import { privacyPolicy, termsOfService } from '../../shared/content/legal.js';
import { paths } from '../../shared/app-paths.js';

/** What search engines and link previews show for a public page. */
export interface PageMeta {
  /** The page's own title; the tab shows `{title} | {appName}` (the app name alone without one), as useDocumentTitle does. */
  title?: string;
  description: string;
}

/**
 * The public pages (a visitor can open them and search engines may index them) with their
 * titles, as the pages set them, and descriptions. Every other address gets `defaultMeta`.
 */
export function publicPages(appName: string): ReadonlyMap<string, PageMeta> {
  const signIn: PageMeta = { title: 'Welcome Back', description: `Log in to ${appName} to continue your skill exchanges.` };
  return new Map<string, PageMeta>([
    [
      paths.landing,
      {
        description: `${appName}: neighbors trade skills without money. List what you offer, share what you need, and match with people nearby.`,
      },
    ],
    [
      paths.signup,
      {
        title: `Join the ${appName} Community`,
        description: `Create your free ${appName} account and start trading skills with your neighbors, no money involved.`,
      },
    ],
    [paths.signin, signIn],
    [paths.login, signIn],
    [paths.forgotPassword, { title: "Can't log in?", description: `Get a link to choose a new ${appName} password.` }],
    [paths.terms, { title: termsOfService.title, description: `The rules for using ${appName}: accounts, exchanges, conduct and safety.` }],
    [
      paths.privacy,
      { title: privacyPolicy.title, description: `How ${appName} collects, uses and protects your personal information.` },
    ],
    [
      paths.help,
      { title: 'Help & Support', description: `Answers to common questions about ${appName}, and a way to reach our support team.` },
    ],
  ]);
}

export function defaultMeta(appName: string): PageMeta {
  return { description: `${appName}: neighbors trade skills without money.` };
}

/** The public page at `pathname` (any case, trailing slash or not), or undefined. */
export function publicPagePath(pathname: string): string | undefined {
  const normalized = pathname.length > 1 ? pathname.toLowerCase().replace(/\/+$/, '') || '/' : pathname;
  return PUBLIC_PATHS.has(normalized) ? normalized : undefined;
}

const PUBLIC_PATHS: ReadonlySet<string> = new Set(publicPages('').keys());

/** Signed-in areas and one-time links: nothing there for a search engine. */
const NOT_FOR_CRAWLERS = [
  '/api/',
  paths.home,
  paths.search,
  paths.messages,
  paths.network,
  paths.notifications,
  paths.settings,
  paths.verification,
  paths.profile,
  paths.completeProfile,
  paths.dashboard,
  paths.authCallback,
  paths.verifyEmail,
  paths.resetPassword,
];

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...NOT_FOR_CRAWLERS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', appUrl).href}`,
    '',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}

export function sitemapXml(appUrl: string): string {
  // /login is the same page as /signin: one address is enough.
  const urls = [...PUBLIC_PATHS].filter((p) => p !== paths.login).map((p) => `  <url><loc>${escapeXml(new URL(p, appUrl).href)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
