/** Reads a string that a previous screen put in `location.state`, or null. */
export function stateString(state: unknown, key: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value: unknown = (state as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads a flag that a previous screen put in `location.state` (e.g. `modal`). */
export function stateFlag(state: unknown, key: string): boolean {
  if (typeof state !== 'object' || state === null) return false;
  return (state as Record<string, unknown>)[key] === true;
}
