import type { FastifyInstance } from 'fastify';
import { hasUnsafeCharacters, TEXT_MESSAGES } from '../../shared/schemas/text.js';
import { AppError } from '../errors.js';

/** Deepest nesting of arrays and objects a JSON body may have; our own bodies use three. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/**
 * True when `text` opens more than `max` arrays or objects inside each other. A linear scan of
 * the raw text that skips strings, so it runs before JSON.parse and nothing recursive (zod,
 * JSON.stringify in the auth bridge) ever sees a body thousands of levels deep.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** True when a parsed body, query or params holds a string (or key) with a NUL byte or a lone surrogate. */
function holdsUnsafeString(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasUnsafeCharacters(value);
  if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) return false;
  for (const [key, item] of Object.entries(value)) {
    if (hasUnsafeCharacters(key) || holdsUnsafeString(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Guards every route before its own validation runs: JSON bodies are parsed by Fastify's
 * prototype-poisoning-safe parser only after a depth check, and no handler ever receives a
 * string the database cannot store. Routes with zod schemas already refuse those strings with
 * a field message (`text()` in the shared schemas); this is the backstop for routes without
 * one, such as the better-auth pass-through.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) {
      done(new AppError('VALIDATION_FAILED', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, raw, done);
  });

  app.addHook('preHandler', async (request) => {
    if (holdsUnsafeString(request.params) || holdsUnsafeString(request.query) || holdsUnsafeString(request.body)) {
      throw new AppError('VALIDATION_FAILED', TEXT_MESSAGES.unsafe);
    }
  });
}
