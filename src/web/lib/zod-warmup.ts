import { z } from 'zod';

/*
 * The first step of main.tsx's SCHEMA_STEPS. V8 compiles each of zod's functions the first time it
 * runs, and the first schema module (the profile schemas) paid for nearly all of it: 27 ms of its
 * task here, most of it compiling zod. Building one small schema of the kinds the shared schemas
 * use (strings with checks and refinements, numbers, enums, arrays, objects, optional and nullable
 * fields, transforms) does that compiling in a task of its own (issue 14, Total Blocking Time).
 */
/** Exported, so the bundler keeps it (zod's builders are marked free of side effects). */
export const warmupSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1)
      .max(2)
      .refine((value) => value !== '\0'),
    email: z.email().optional(),
    count: z.number().int().min(0).nullable(),
    kind: z.enum(['a', 'b']),
    list: z.array(z.string()).max(1),
    when: z.iso.date().transform((value) => value),
    id: z.uuid(),
    flag: z.boolean().default(false),
    union: z.union([z.literal('x'), z.literal('y')]),
  })
  .partial();
