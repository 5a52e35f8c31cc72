import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

let defaultConfig: ReturnType<typeof getDefaultConfig> | undefined;

/**
 * tailwind-merge builds its tables on its first call: its default config (a large object), then a
 * map of every class group from it. app-main.tsx makes the config here, in a task of its own, and
 * the map with a first `cn()` in the next (issue 14, Total Blocking Time: together they were one
 * task of ~100 ms on a throttled phone).
 */
export function prepareClassMerge(): void {
  defaultConfig ??= getDefaultConfig();
}

const twMerge = createTailwindMerge(() => defaultConfig ?? getDefaultConfig());

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
