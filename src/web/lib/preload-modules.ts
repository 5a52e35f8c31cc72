/**
 * Asks for module scripts ahead of their `import()` (`<link rel="modulepreload">`): the chunks of
 * an entry's start-up steps, which it evaluates one per task and would otherwise ask for one
 * round trip after another. `hrefs` as the page names them, separated by spaces (main.tsx: the
 * server's `data-modules`; lib/start-in-steps.ts: the build's `data-steps`).
 */
export function preloadModules(hrefs: string | undefined): void {
  for (const href of hrefs?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
