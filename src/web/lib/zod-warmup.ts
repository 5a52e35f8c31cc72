import { z } from 'zod';

/*
 * The first step of main.tsx's SCHEMA_STEPS. V8 compiles each of zod's functions the first time it
 * runs, and the first schema module (the profile schemas) paid for nearly all of it: 27 ms of its
 * task here, most of it compiling zod. Building small schemas of the kinds the shared schemas use
 * (strings with checks and refinements, numbers, enums, arrays, objects, optional and nullable
 * fields, transforms) does that compiling apart, in three tasks of its own, each run by main.tsx
 * after the one before (issue 14, Total Blocking Time: as one task it took 80-140 ms on a
 * throttled phone).
 */
export const ZOD_WARMUPS: (() => unknown)[] = [
  () =>
    z
      .string()
      .trim()
      .min(1)
      .max(2)
      .refine((value) => value !== '\0')
      .optional(),
  () => [z.email().nullable(), z.uuid(), z.iso.date().transform((value) => value)],
  () =>
    z
      .object({
        count: z.number().int().min(0).nullable(),
        kind: z.enum(['a', 'b']),
        list: z.array(z.string()).max(1),
        flag: z.boolean().default(false),
        union: z.union([z.literal('x'), z.literal('y')]),
      })
      .partial(),
];
