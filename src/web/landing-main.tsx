/*
 * The landing page's own entry (landing.html): hydrates the prerendered landing page a visitor
 * without a session is sent (plugins/web-app.ts). Its links to other pages load them from the
 * server, where the whole app (main.tsx) takes over.
 */
import './styles.css';
import { startInSteps } from '@/lib/start-in-steps';

// React, then the page, a step per task (lib/start-in-steps.ts).
await startInSteps([async () => (await import('react-dom/client')).hydrateRoot, () => import('@/app/landing-start')]);
