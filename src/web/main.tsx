/*
 * The entry of index.html. The stylesheet is the page's own (render-blocking, so nothing paints
 * unstyled); the app is a chunk of its own (app-main.tsx). A member's page sent with its first
 * paint (`data-first-paint`, plugins/web-app.ts) is painted before the app's scripts download and
 * run (a second or more on a phone: issue 14, /home's LCP); then they load together with the
 * page's own chunks and the steps' below (`data-modules`), as the server's preload header names
 * them on other pages: each step's `import()` then finds its chunk in, not a round trip away.
 */
import './styles.css';
import { preloadModules } from './lib/preload-modules';
import { afterNextPaint, yieldToMain } from './lib/yield-to-main';

const root = document.getElementById('root');
// The address the page was loaded at, before any back or forward: app-main.tsx hydrates the
// prerendered HTML only if the router still shows that page when it gets there.
if (root) root.dataset.loadedPath = window.location.pathname;

/**
 * The libraries the app starts with, a chunk per task (the `vendor-*` chunks of vite.config.ts),
 * each after those it imports: as one chunk they were one 200-230 ms task on a throttled phone,
 * now none takes 40 ms (bench/RESULTS.md). zod's settings come first (lib/zod-setup.ts), as in
 * app-main.tsx. Each step reads one export the app uses: a bare import() would keep every export
 * of the library in the build (react-router's chunk 92 -> 192 KB).
 */
const LIBRARY_STEPS = [
  () => import('./lib/zod-setup'),
  async () => (await import('react')).createElement,
  async () => (await import('react-dom/client')).createRoot,
  async () => (await import('react-router')).createBrowserRouter,
  async () => (await import('@tanstack/react-query')).QueryClient,
  async () => (await import('radix-ui')).Slot,
  async () => (await import('sonner')).toast,
];

/**
 * The shared schemas most screens use, a chunk per task (the `schemas-*` chunks of vite.config.ts),
 * after zod's warm-up (lib/zod-warmup.ts): zod builds each schema as its module runs, 50 ms for all
 * of them here, one task too long for a phone (issue 14, Total Blocking Time). After the
 * libraries, which set zod up first.
 */
const SCHEMA_STEPS = [
  async () => {
    for (const warmup of (await import('./lib/zod-warmup')).ZOD_WARMUPS) {
      await yieldToMain();
      warmup();
    }
  },
  () => import('@shared/schemas/profile'),
  () => import('@shared/schemas/posts'),
  () => import('@shared/schemas/messages'),
  () => import('@shared/schemas/notifications'),
];

async function loadApp(): Promise<void> {
  preloadModules(root?.dataset.modules);
  // The libraries, the shared schemas, then the app, each evaluated in a task of its own
  // (lib/yield-to-main.ts).
  for (const step of LIBRARY_STEPS) {
    await yieldToMain();
    await step();
  }
  for (const step of SCHEMA_STEPS) {
    await yieldToMain();
    await step();
  }
  await yieldToMain();
  await import('./app-main');
}

// A member's first paint is painted before the app loads.
if (root?.dataset.firstPaint !== undefined) void afterNextPaint().then(loadApp);
else void loadApp();
