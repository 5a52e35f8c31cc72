/*
 * The sign-in pages' own entry (sign-in.html): hydrates the prerendered /signin or /login a visitor
 * without a session is sent (plugins/web-app.ts). Its other links, and signing in, load the next
 * page from the server, where the whole app (main.tsx) takes over.
 */
// First: zod's settings must be in place before any schema is built.
import '@/lib/zod-setup';
import { SignInApp } from '@/app/sign-in-app';
import { hydrateOwnPage } from '@/app/hydrate-own-page';
import './styles.css';

hydrateOwnPage(<SignInApp />);
