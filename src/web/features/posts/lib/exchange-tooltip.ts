/** Local-storage key recording that the first-time Exchange tooltip was shown in this browser. */
export const EXCHANGE_TOOLTIP_KEY = 'exchange-tooltip-shown';

/** How long the first-time tooltip stays (spec section 9). */
export const EXCHANGE_TOOLTIP_MS = 3000;

/** True the first time in this browser; records it so later calls answer false. */
export function takeFirstExchangeClick(): boolean {
  try {
    if (window.localStorage.getItem(EXCHANGE_TOOLTIP_KEY) === 'true') return false;
    window.localStorage.setItem(EXCHANGE_TOOLTIP_KEY, 'true');
    return true;
  } catch (error) {
    // Without storage the tooltip would show on every click; proceed to the dialog instead.
    console.warn('Exchange tooltip: browser storage unavailable', error);
    return false;
  }
}
