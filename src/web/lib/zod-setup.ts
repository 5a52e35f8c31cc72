import { config } from 'zod';

/**
 * Imported first by main.tsx, before any schema exists. The Content-Security-Policy has no
 * 'unsafe-eval', and zod compiles object parsers with `new Function` unless told not to: its
 * probe alone made browsers report a CSP violation on every page (Lighthouse Best Practices).
 */
config({ jitless: true });
