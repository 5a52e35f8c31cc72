/*
 * The one barrel in the project: drizzle (client `schema` option, drizzle-kit and
 * better-auth's adapter) needs every table and relation from a single module.
 */
export * from './auth.js';
export * from './exchange-requests.js';
export * from './mail-outbox.js';
export * from './mail-queue.js';
export * from './member-settings.js';
export * from './member-verifications.js';
export * from './messages.js';
export * from './notifications.js';
export * from './photos.js';
export * from './posts.js';
export * from './profiles.js';
export * from './realtime-presence.js';
export * from './ratings.js';
export * from './relations.js';
export * from './safety.js';
export * from './skill-categories.js';
