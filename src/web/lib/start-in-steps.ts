import { preloadModules } from '@/lib/preload-modules';
import { afterNextPaint, yieldToMain } from '@/lib/yield-to-main';

/**
 * A page entry's start, once its prerendered HTML is painted: its modules evaluated a step at a
 * time, each step in a task of its own (as main.tsx does for the app), so no single task evaluates
 * the whole module graph (issue 14: Total Blocking Time). The steps' chunks are preloaded first,
 * all at once, as the build named them on the entry's script tag (`data-steps`,
 * scripts/preload-steps-plugin.ts): no step waits for a round trip of its own.
 */
export async function startInSteps(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  // After the prerendered page is painted, as main.tsx does with a member's first paint: asked for
  // before it, the steps' chunks counted towards the page's largest paint in Lighthouse's
  // simulation (landing LCP 1.6 -> 1.9-2.0 s).
  await afterNextPaint();
  preloadModules(document.querySelector<HTMLScriptElement>('script[data-steps]')?.dataset.steps);
  for (const step of steps) {
    await step();
    await yieldToMain();
  }
}
