/*
 * A prerendered page shows its links, buttons and forms before the app has taken them over
 * (hydration). What a visitor does in that moment must not be lost:
 * - typed or ticked fields keep their values, but the forms never heard of them (react-hook-form
 *   keeps its own values: a filled-in sign-in form would keep its button disabled), and a field
 *   left before hydration was never validated: once hydrated, each changed field is announced as
 *   if typed now, and left again when it no longer has the focus;
 * - a form sent would go to the server as a plain GET (its fields, a password too, in the
 *   address): held, and sent again once the app has it;
 * - a button's click did nothing: held, and clicked again once the app has it;
 * - a link's click that reached the app while it was hydrating was taken by the router before it
 *   could navigate (react-router ignores navigation before its first effects) and did nothing: the
 *   app does not hear it, and the browser follows the link (the page is prerendered, so it loads fast).
 */

const valueSetters = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set,
};

type Field = HTMLInputElement | HTMLTextAreaElement;

const isToggle = (field: HTMLInputElement) => field.type === 'checkbox' || field.type === 'radio';

/** Fields of `root` whose value differs from the HTML's, as the visitor left them. */
function changedFields(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea')].filter((field) =>
    field instanceof HTMLInputElement && isToggle(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue,
  );
}

/** Announces `fields` as input (and clicks for toggles) React hears; leaves those no longer focused. */
function replayFields(fields: Field[]): void {
  for (const field of fields) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && isToggle(field)) {
      // Back to the HTML's state, then the visitor's click again (React listens for clicks on these).
      if (field.checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    const typed = field.value;
    const setValue = field instanceof HTMLInputElement ? valueSetters.input : valueSetters.textarea;
    if (!setValue) continue;
    // React notices a change only when the value differs from the one it last saw: it saw the
    // assignment of '' below, and not the prototype's setter, so the input event carries `typed`.
    field.value = '';
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // React's onBlur listens for focusout: a field the visitor already left is validated as left.
    if (document.activeElement !== field) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }
}

/** A button whose click the app handles (submit buttons send their form, which is held instead). */
function plainButton(target: EventTarget | null, root: HTMLElement): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const button = target.closest<HTMLElement>('button, [role="button"]');
  if (!button || !root.contains(button)) return null;
  if (button instanceof HTMLButtonElement && button.type === 'submit' && button.form) return null;
  return button;
}

function appLink(target: EventTarget | null, root: HTMLElement): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest<HTMLAnchorElement>('a[href]');
  return link && root.contains(link) ? link : null;
}

/** A form sent before hydration, with the button it was sent with. */
interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** What public/early-events.js held before this code arrived (its button rule is plainButton's). */
interface EarlyHeld {
  clicks: HTMLElement[];
  submit: HeldSubmit | null;
  /** Escape was pressed (a dialog page closes on it). */
  escape?: boolean;
  stop: () => void;
}

declare global {
  interface Window {
    /** What the early script holds; 'app' once the app runs (the early script then does nothing). */
    __heldBeforeApp?: EarlyHeld | 'app';
  }
}

/**
 * Where each held element sits in the prerendered HTML (child indexes from the root): if React
 * renders the page afresh instead of taking the HTML over (after a recoverable hydration error),
 * the held form or button is found again at the same place in the new page.
 */
const placeInPage = new WeakMap<Element, number[]>();

function remember<T extends Element>(element: T, root: HTMLElement): T {
  const place: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement) {
    place.unshift([...node.parentElement.children].indexOf(node));
  }
  placeInPage.set(element, place);
  return element;
}

function remembered(submit: HeldSubmit, root: HTMLElement): HeldSubmit {
  remember(submit.form, root);
  if (submit.submitter) remember(submit.submitter, root);
  return submit;
}

/** The held element, or the one at its place in the page React rendered afresh. */
function found(element: HTMLElement, root: HTMLElement): HTMLElement | null {
  if (element.isConnected) return element;
  let node: Element | undefined = root;
  for (const index of placeInPage.get(element) ?? []) node = node?.children[index];
  return node instanceof HTMLElement && node !== root && node.tagName === element.tagName ? node : null;
}

export interface HydrationGuard {
  /** The app has hydrated: what the visitor did meanwhile is replayed to it. */
  release(): void;
  /** The page is rendered afresh instead: nothing is replayed. */
  abandon(): void;
}

/**
 * A page that is not prerendered (a member's, rendered afresh): what the early script held is
 * dropped, and it stops holding (it runs on every page, before anyone knows which kind it is).
 */
export function discardEarlyHeld(): void {
  const early = window.__heldBeforeApp;
  if (early && early !== 'app') early.stop();
  // The early script may arrive after the app has started (it loads on its own): then it stays idle.
  window.__heldBeforeApp = 'app';
}

/** Starts holding what a visitor does on the prerendered page in `root` until hydration. */
export function holdUntilHydrated(root: HTMLElement): HydrationGuard {
  // The early script held what happened before this code arrived: this guard takes over.
  const held = window.__heldBeforeApp;
  const early = held && held !== 'app' ? held : null;
  discardEarlyHeld();
  let heldSubmit: HeldSubmit | null = early?.submit ? remembered(early.submit, root) : null;
  const heldClicks: HTMLElement[] = early ? early.clicks.filter((button) => root.contains(button)).map((b) => remember(b, root)) : [];
  let heldEscape = early?.escape === true;

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) heldSubmit = remembered({ form: event.target, submitter: event.submitter }, root);
  };
  const onClick = (event: MouseEvent) => {
    if (appLink(event.target, root)) {
      // The browser follows the link; the app (still hydrating) must not take it over.
      event.stopPropagation();
      return;
    }
    const button = plainButton(event.target, root);
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (!heldClicks.includes(button)) heldClicks.push(remember(button, root));
  };

  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') heldEscape = true;
  };

  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeydown, true);
  const stop = () => {
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKeydown, true);
  };

  return {
    release() {
      stop();
      replayFields(changedFields(root));
      if (heldSubmit) {
        const form = found(heldSubmit.form, root);
        const submitter = heldSubmit.submitter && found(heldSubmit.submitter, root);
        if (form instanceof HTMLFormElement) form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
      }
      heldSubmit = null;
      for (const button of heldClicks.splice(0)) found(button, root)?.click();
      // Escape goes where the app listens for it (a dialog page's own handler, Radix's layers).
      if (heldEscape) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      heldEscape = false;
    },
    abandon() {
      stop();
      heldSubmit = null;
      heldClicks.length = 0;
      heldEscape = false;
    },
  };
}
