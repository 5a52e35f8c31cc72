import { useEffect } from 'react';
import { appConfig } from '@/lib/app-config';

/** Sets the tab title to `{title} | {appName}` (just the app name without a title). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${appConfig.appName}` : appConfig.appName;
  }, [title]);
}
