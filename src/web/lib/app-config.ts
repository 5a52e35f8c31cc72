import { PRERENDER_PLACEHOLDERS } from '@shared/prerender';

/** Product texts the server injects into index.html as `<meta name="skillswap-config">`. */
export interface AppConfig {
  appName: string;
  supportEmail: string;
}

const defaults: AppConfig = {
  appName: 'SkillSwap',
  supportEmail: 'support@skillswap.local',
};

function readString(source: Record<string, unknown>, key: keyof AppConfig): string {
  const value = source[key];
  return typeof value === 'string' && value.trim() !== '' ? value : defaults[key];
}

/** True while the build prerenders the public pages (scripts/prerender-plugin.ts). */
export function isPrerendering(): boolean {
  return typeof document === 'undefined' && import.meta.env.VITE_PRERENDER === '1';
}

function readAppConfig(): AppConfig {
  if (typeof document === 'undefined') {
    // The build's prerendering (VITE_PRERENDER) leaves placeholders that the server fills in.
    return isPrerendering() ? { appName: PRERENDER_PLACEHOLDERS.appName, supportEmail: PRERENDER_PLACEHOLDERS.supportEmail } : defaults;
  }
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="skillswap-config"]')
    ?.getAttribute('content');
  // Absent in `vite` dev, where no server rewrites index.html.
  if (!content) return defaults;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return defaults;
    const source = parsed as Record<string, unknown>;
    return { appName: readString(source, 'appName'), supportEmail: readString(source, 'supportEmail') };
  } catch (error) {
    console.warn('Ignoring malformed skillswap-config meta tag', error);
    return defaults;
  }
}

/** Read once at start-up: the values cannot change without a page reload. */
export const appConfig: AppConfig = readAppConfig();
