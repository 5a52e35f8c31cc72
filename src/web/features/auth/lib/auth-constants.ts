/** Accounts section 9: business constants of the auth screens. */

/** Cooldown before a verification or recovery e-mail can be asked for again. */
export const RESEND_COOLDOWN_SECONDS = 60;
/** The login button stays busy at least this long, so a fast answer does not flicker. */
export const LOGIN_MIN_BUSY_MS = 300;
/** After this long busy, the login screen offers 'Still working…' and Try again. */
export const LOGIN_SLOW_NOTICE_MS = 8000;
