import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { yieldToMain } from '@/lib/yield-to-main';

let defaultConfig: ReturnType<typeof getDefaultConfig> | undefined;
const twMerge = createTailwindMerge(() => defaultConfig ?? getDefaultConfig());

/**
 * tailwind-merge builds its tables on its first call: its default config (a large object), then a
 * map of every class group from it. The entries (app-main.tsx, app/hydrate-own-page.tsx) build
 * them here before their first render, each in a task of its own (issue 14, Total Blocking Time:
 * together they were one task of ~100 ms on a throttled phone, inside the first render).
 */
export async function prepareClassMerge(): Promise<void> {
  await yieldToMain();
  defaultConfig ??= getDefaultConfig();
  await yieldToMain();
  twMerge('p-0');
}

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
