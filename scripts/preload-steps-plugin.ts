import type { Plugin } from 'vite';

/**
 * Names, on each HTML page's entry script (`data-steps`), the chunks its entry module imports
 * dynamically and what they import, for the entry to preload at once (lib/start-in-steps.ts): an
 * entry that evaluates its modules step by step (landing-main.tsx, sign-in-main.tsx; main.tsx
 * does so with the server's `data-modules`) would otherwise ask for each step's chunk only when the
 * step comes, one round trip after another. Not as `<link rel="modulepreload">` in the head:
 * Lighthouse's simulation then queued the stylesheet behind them (/signin's FCP 1.8 -> 2.1 s).
 * Only the entry's own `import()`s: lazy imports inside the page's modules stay lazy.
 */
export function preloadSteps(): Plugin {
  return {
    name: 'skillswap-preload-steps',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (moduleId: string) =>
        chunks.find((chunk) => chunk.facadeModuleId === moduleId) ?? chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
      for (const html of Object.values(bundle)) {
        const source = html.type === 'asset' && html.fileName.endsWith('.html') ? html.source : undefined;
        if (typeof source !== 'string') continue;
        const entry = chunks.find((chunk) => chunk.isEntry && source.includes(`src="/${chunk.fileName}"`));
        const entryId = entry?.facadeModuleId;
        if (!entry || !entryId) continue;
        const loaded = new Set<string>();
        const withImports = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) withImports(imported, into);
        };
        withImports(entry.fileName, loaded);
        const steps = new Set<string>();
        // The page's module is the HTML itself; its scripts are what it imports.
        const entryModules = [entryId, ...(this.getModuleInfo(entryId)?.importedIds ?? [])];
        for (const id of entryModules.flatMap((m) => this.getModuleInfo(m)?.dynamicallyImportedIds ?? [])) {
          const chunk = chunkOf(id);
          if (chunk) withImports(chunk.fileName, steps);
        }
        const hrefs = [...steps].filter((fileName) => !loaded.has(fileName)).map((fileName) => `/${fileName}`);
        const script = `<script type="module" crossorigin src="/${entry.fileName}"`;
        if (hrefs.length > 0 && html.type === 'asset' && source.includes(script)) {
          html.source = source.replace(script, `${script} data-steps="${hrefs.join(' ')}"`);
        }
      }
    },
  };
}
