/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between: work split this way never blocks a phone's main thread for long (Lighthouse's Total
 * Blocking Time counts every task past 50 ms). `scheduler.yield()` where the browser has it (the
 * continuation goes before other queued tasks), else a timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the page's next frame is painted: requestAnimationFrame runs just before a paint,
 * the timer just after it. The entries start their scripts after it, so the first paint does not
 * wait for them.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}
