import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption, type UserConfig } from 'vite';
import {
  MEMBER_FIRST_PAINT_FILE,
  MEMBER_FIRST_PAINT_PATHS,
  PRERENDERED_FILE,
  PRERENDERED_PATHS,
  type PrerenderedPage,
} from '../src/shared/prerender.ts';

interface PrerenderOptions {
  /** The project's root (its node_modules resolve the server bundle's packages). */
  projectRoot: string;
  /** The entry exporting `renderPage(pathname)`. */
  entry: string;
  /** What the server bundle shares with the browser build: aliases and the React plugin. */
  shared: Pick<UserConfig, 'resolve' | 'plugins'>;
  /** The HTML entries of the pages with a first load of their own (landing, sign-in), built apart (below). */
  pageHtml: string[];
  /** The plugins of their build (new instances: React, Tailwind, precompression). */
  pagePlugins: () => PluginOption[];
  /** Their build's own resolving (a smaller stand-in for react-router). */
  pageResolve: UserConfig['resolve'];
}

interface PrerenderModule {
  renderPage(pathname: string): Promise<PrerenderedPage>;
  renderMemberFirstPaint(pathname: string): string;
}

/**
 * After the browser build, bundles `entry` for Node (a second, SSR build), renders every public
 * page of PRERENDERED_PATHS with react-dom/server and writes their `#root` HTML to
 * `prerendered.json` in the build folder (and members' first paints to `member-first-paint.json`). The server puts it into the page's template (index.html,
 * or landing.html / sign-in.html for those pages' own small entries) for visitors
 * without a session, so text paints before the JavaScript arrives; main.tsx hydrates it.
 */
export function prerender({ projectRoot, entry, shared, pageHtml, pagePlugins, pageResolve }: PrerenderOptions): Plugin {
  let outDir = '';
  let root = '';
  let skip = false;
  return {
    name: 'skillswap-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
      skip = Boolean(config.build.ssr) || config.build.emptyOutDir === false;
    },
    async closeBundle() {
      if (skip) return;
      // The landing and sign-in entries are a build of their own, into the same folder: shared with
      // the whole app's build, react-router and the rest would come whole (every export either uses).
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        mode: 'production',
        resolve: pageResolve,
        plugins: pagePlugins(),
        build: { outDir, emptyOutDir: false, sourcemap: process.env.SOURCEMAP ? 'hidden' : false, rollupOptions: { input: pageHtml } },
      });
      // Inside the project, so the bundle's bare imports (react, react-router...) resolve to node_modules.
      const serverDir = path.join(projectRoot, 'node_modules', '.cache', 'skillswap-prerender', String(process.pid));
      rmSync(serverDir, { recursive: true, force: true });
      mkdirSync(serverDir, { recursive: true });
      try {
        await build({
          configFile: false,
          root: path.dirname(entry),
          logLevel: 'warn',
          mode: 'production',
          ...shared,
          define: { 'import.meta.env.VITE_PRERENDER': JSON.stringify('1') },
          build: { ssr: entry, outDir: serverDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
        });
        const module = (await import(pathToFileURL(path.join(serverDir, `${path.basename(entry, path.extname(entry))}.js`)).href)) as PrerenderModule;
        const pages: Record<string, PrerenderedPage> = {};
        for (const pathname of PRERENDERED_PATHS) {
          const page = await module.renderPage(pathname);
          // The template must hold the empty root the server fills in.
          if (!readFileSync(path.join(outDir, page.template), 'utf8').includes('<div id="root"></div>')) {
            throw new Error(`${page.template} has no empty <div id="root"></div> for the prerendered ${pathname}`);
          }
          pages[pathname] = page;
        }
        writeFileSync(path.join(outDir, PRERENDERED_FILE), `${JSON.stringify(pages)}\n`);
        const firstPaints = Object.fromEntries(MEMBER_FIRST_PAINT_PATHS.map((pathname) => [pathname, module.renderMemberFirstPaint(pathname)]));
        writeFileSync(path.join(outDir, MEMBER_FIRST_PAINT_FILE), `${JSON.stringify(firstPaints)}\n`);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
