import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';
import { hashPublicScripts } from './scripts/hash-public-scripts-plugin.ts';
import { preloadSteps } from './scripts/preload-steps-plugin.ts';
import { prerender } from './scripts/prerender-plugin.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const resolve = { alias: { '@': r('./src/web'), '@shared': r('./src/shared') } };
// The pages' classic scripts from the public folder, served hashed and immutable (scripts/hash-public-scripts-plugin.ts).
const publicScripts = () => hashPublicScripts(r('./src/web/public'), ['early-events.js']);

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [
    react(),
    tailwindcss(),
    prerender({
      projectRoot: r('.'),
      entry: r('./src/web/prerender.tsx'),
      pageHtml: [r('./src/web/landing.html'), r('./src/web/sign-in.html')],
      shared: { resolve, plugins: [react()] },
      pagePlugins: () => [react(), tailwindcss(), preloadSteps(), publicScripts(), precompress()],
      // These pages' first loads take the few parts of react-router they use from a stand-in.
      pageResolve: { alias: { ...resolve.alias, 'react-router': r('./src/web/app/router-lite.tsx') } },
    }),
    publicScripts(),
    precompress(),
  ],
  resolve,
  build: {
    // WEB_DIST_DIR lets parallel test runs build into folders of their own.
    outDir: process.env.WEB_DIST_DIR ?? r('./dist/web'),
    emptyOutDir: true,
    // SOURCEMAP=1 writes source maps beside the chunks (not linked from them), to read a profile of
    // the production build.
    sourcemap: process.env.SOURCEMAP ? 'hidden' : false,
    // .vite/manifest.json: the server names a member page's own chunks as modulepreload links.
    manifest: true,
    rollupOptions: {
      output: {
        // Modules shared by several lazily loaded pages go into a few chunks instead of ~70 small
        // ones (an icon, a hook each): a member's /home loaded 70 scripts in waves of 6 on a phone
        // (Lighthouse: LCP 4.9 -> 3.5 s, bench/RESULTS.md). The landing and sign-in pages' own
        // build (prerender plugin) is not affected.
        codeSplitting: {
          groups: [
            // zod's setting in a chunk of its own, which app-main.tsx imports first: it runs before
            // the shared chunk builds its schemas, so zod never probes for eval (the CSP refuses
            // it and reports a violation on every page).
            { name: 'zod-setup', test: /src[\\/]web[\\/]lib[\\/]zod-setup/, priority: 30 },
            // Vite's helper that preloads a lazy chunk's imports, yieldToMain and preloadModules, in a chunk of their
            // own: main.tsx needs only them before the app, which it loads once a member's first
            // paint is painted. In the shared chunk, yieldToMain made the entry evaluate every
            // schema before its first yield (one 60-100 ms task on /home, issue 14: TBT).
            { name: 'preload-helper', test: /vite[\\/]preload-helper|src[\\/]web[\\/]lib[\\/](yield-to-main|preload-modules)/, priority: 40 },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 20 },
            // The libraries in a few chunks, which main.tsx evaluates a chunk per task (LIBRARY_STEPS):
            // as one chunk they were one 200-230 ms task on a phone (issue 14: Total Blocking Time).
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 14 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 13 },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 13 },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 13 },
            {
              name: 'vendor-radix',
              test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/,
              minShareCount: 2,
              priority: 12,
            },
            // Not the photo cropper and the legal texts: only their own screens need them.
            { name: 'vendor', test: /node_modules[\\/](?!react-image-crop)/, minShareCount: 2, priority: 10 },
            // The shared schemas apart from the web app's own shared code, in a few chunks: zod builds
            // every schema as its module runs (50 ms on this machine for all of them), so main.tsx
            // evaluates them a chunk per task (SCHEMA_STEPS).
            // The three largest schema modules each in a chunk of their own, what they import
            // (domain rules, the text and ratings schemas) in a base chunk, the rest together.
            ...['profile', 'posts', 'messages'].map((name) => ({
              name: `schemas-${name}`,
              test: new RegExp(`src[\\\\/]shared[\\\\/]schemas[\\\\/]${name}\\.ts$`),
              priority: 8,
            })),
            { name: 'schemas-base', test: /src[\\/]shared[\\/](domain[\\/]|schemas[\\/](text|ratings)\.ts$)/, minShareCount: 2, priority: 7 },
            { name: 'schemas', test: /src[\\/]shared[\\/](?!content)/, minShareCount: 2, priority: 6 },
            // Web modules shared by several pages, but not the profile form's parts (the photo cropper
            // with its style sheet, location, skills) or the legal pages' layout: only their own pages
            // use them, and in this chunk every member's first load fetched them, the cropper's style
            // sheet a round trip on the way to the app's first render (bench/RESULTS.md). Left out,
            // the bundler gives them a chunk of their own, which only those pages import.
            {
              name: 'shared',
              test: /src[\\/]web[\\/](?!features[\\/]profile[\\/]components[\\/](photo-field|photo-crop-dialog|location-fields|profile-skill-fields|skill-keywords-input)\.|features[\\/]legal[\\/]legal-document-page\.)/,
              minShareCount: 2,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
      '/terms-of-service.pdf': 'http://localhost:3000',
      '/privacy-policy.pdf': 'http://localhost:3000',
    },
  },
});
