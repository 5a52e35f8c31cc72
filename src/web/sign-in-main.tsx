/*
 * The sign-in pages' own entry (sign-in.html): hydrates the prerendered /signin or /login a visitor
 * without a session is sent (plugins/web-app.ts). Its other links, and signing in, load the next
 * page from the server, where the whole app (main.tsx) takes over.
 */
import './styles.css';
import { startInSteps } from '@/lib/start-in-steps';

// zod's settings first (lib/zod-setup.ts), then React, the form's schemas and the page, a step per
// task: as one module graph they were one task of 150-180 ms at 8x CPU (bench/RESULTS.md). Each
// step reads one export, so the build keeps only what the page uses.
await startInSteps([
  () => import('@/lib/zod-setup'),
  async () => (await import('react-dom/client')).hydrateRoot,
  async () => (await import('@shared/schemas/auth')).LoginInput,
  () => import('@/app/sign-in-start'),
]);
