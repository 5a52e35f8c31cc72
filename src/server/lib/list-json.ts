import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PostItem } from '../../shared/schemas/posts.js';
import type { AppConfig } from '../config.js';
import { postItemJson } from '../features/posts/post-item-json.js';

/**
 * The JSON of a post list answer (feed, search, matches), written without the response
 * schema's encode, its items by `postItemJson` (each kept card's part written once). Their items
 * are built field by field (`toPostItem`), so in production zod's validating copy of every item
 * only costs time: 15 % of the server's CPU under the uncached feed load, 18 % more pages per
 * second without it (bench/RESULTS.md). Outside production the schema still checks every answer,
 * and what would be sent must equal what the schema lets through, so a test catches an item that
 * drifts from its schema, carries a field it should not, or is written wrong.
 */
export function listJson<S extends z.ZodType>(schema: S, value: z.output<S>, checked: boolean): Buffer {
  const json = answerJson(value);
  if (checked) {
    const allowed: unknown = JSON.parse(JSON.stringify(z.encode(schema, value)));
    if (!isDeepStrictEqual(allowed, JSON.parse(json))) throw new Error('A list answer is not what its response schema writes (a field it should not carry, or one written wrong)');
  }
  return Buffer.from(json);
}

/** `JSON.stringify(value)`, its post items written by `postItemJson` (each card's part kept). */
function answerJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { items?: unknown }).items)) return JSON.stringify(value);
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const json = key === 'items' ? `[${(field as PostItem[]).map(postItemJson).join(',')}]` : JSON.stringify(field);
    fields.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${fields.join(',')}}`;
}

/** Whether list answers are checked against their schema: everywhere but in production. */
export function checksListAnswers(config: Pick<AppConfig, 'nodeEnv'>): boolean {
  return config.nodeEnv !== 'production';
}

/**
 * Sends a list answer's JSON (bytes from `listJson`, or the list itself, written here) as the
 * route's reply. Fastify sends a Buffer as it is, without the serializer, so the typed reply is
 * told what the bytes hold.
 */
export function sendListJson<S extends z.ZodType>(reply: FastifyReply, schema: S, answer: Buffer | z.output<S>): z.output<S> {
  const json = Buffer.isBuffer(answer) ? answer : listJson(schema, answer, checksListAnswers(reply.server.config));
  return reply.type('application/json; charset=utf-8').send(json) as unknown as z.output<S>;
}
