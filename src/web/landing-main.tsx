/*
 * The landing page's own entry (landing.html): hydrates the prerendered landing page a visitor
 * without a session is sent (plugins/web-app.ts). Its links to other pages load them from the
 * server, where the whole app (main.tsx) takes over.
 */
import { LandingApp } from '@/app/landing-app';
import { hydrateOwnPage } from '@/app/hydrate-own-page';
import './styles.css';

hydrateOwnPage(<LandingApp />);
