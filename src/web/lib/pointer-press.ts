import { useState, useSyncExternalStore } from 'react';

/*
 * Whether a pointer press is under way: from pointerdown until the click it produces has been
 * handled. A tap on a touch screen dispatches its mousedown (which moves focus, so fields blur)
 * and click only after pointerup, so the press lasts until that click, or this long after
 * pointerup when no click follows (a drag, a press on nothing clickable). A press whose
 * pointerup never reaches the page (some browsers' scrollbars) ends after MAX_PRESS_MS or at the
 * next key press, so messages are never held for long.
 */
const CLICK_AFTER_POINTERUP_MS = 500;
const MAX_PRESS_MS = 3000;

let pressing = false;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setPressing(next: boolean): void {
  if (pressing === next) return;
  pressing = next;
  for (const listener of listeners) listener();
}

function releaseAfter(ms: number): void {
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => setPressing(false), ms);
}

function handlePointerDown(): void {
  releaseAfter(MAX_PRESS_MS);
  setPressing(true);
}

function handlePointerUp(): void {
  if (pressing) releaseAfter(CLICK_AFTER_POINTERUP_MS);
}

/** Runs before a click reaches its target: the press ends once the click has been handled. */
function handlePressEnd(): void {
  if (pressing) releaseAfter(0);
}

const events: [string, () => void][] = [
  ['pointerdown', handlePointerDown],
  ['pointerup', handlePointerUp],
  ['pointercancel', handlePressEnd],
  ['click', handlePressEnd],
  ['keydown', handlePressEnd],
];

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    for (const [type, handler] of events) document.addEventListener(type, handler, true);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    for (const [type, handler] of events) document.removeEventListener(type, handler, true);
    clearTimeout(releaseTimer);
    pressing = false;
  };
}

/**
 * `value` as it was when the current pointer press began, then the latest value once the press
 * is over. Focus leaves a field on mousedown, so a message that appears or clears on blur would
 * otherwise move the page under a pointer that is still pressed, and the click would land
 * elsewhere (or nowhere).
 */
export function useHeldWhilePressed<T>(value: T): T {
  const isPressing = useSyncExternalStore(
    subscribe,
    () => pressing,
    () => false,
  );
  const [held, setHeld] = useState(value);
  if (!isPressing && !Object.is(held, value)) setHeld(value);
  return isPressing ? held : value;
}
