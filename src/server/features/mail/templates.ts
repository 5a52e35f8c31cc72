/** The e-mails we send, as plain text and simple HTML with the same words. */

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Text a member wrote, quoted as written (line breaks kept), with paragraphs after it. */
interface Quoted {
  quote: string;
  after?: string[];
}

function layout(appName: string, paragraphs: string[], action?: { label: string; url: string }, quoted?: Quoted): string {
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const quote = quoted
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #99f6e4;background:#f8fafc;white-space:pre-wrap">${escapeHtml(quoted.quote)}</blockquote>${(quoted.after ?? []).map(paragraph).join('')}`
    : '';
  const body = paragraphs.map(paragraph).join('') + quote;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#475569;font-size:13px">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#0f766e">${escapeHtml(appName)}</h1>${body}${button}</body></html>`;
}

export function verificationMail(appName: string, url: string) {
  const lines = [
    `Welcome to ${appName}!`,
    'Please confirm your e-mail address to activate your account. The link is valid for one hour.',
  ];
  return {
    subject: `Verify your e-mail for ${appName}`,
    text: `${lines.join('\n\n')}\n\nVerify your e-mail: ${url}\n\nIf you did not sign up, you can ignore this message.`,
    html: layout(appName, [...lines, 'If you did not sign up, you can ignore this message.'], { label: 'Verify e-mail', url }),
  };
}

export function existingAccountMail(appName: string, loginUrl: string, resetUrl: string) {
  const lines = [
    'Account already exists',
    'An account with this email address already exists. Please try logging in instead.',
    `Someone (hopefully you) tried to sign up for ${appName} with this address. If you forgot your password you can choose a new one: ${resetUrl}`,
  ];
  return {
    subject: `You already have a ${appName} account`,
    text: `${lines.join('\n\n')}\n\nLog in: ${loginUrl}`,
    html: layout(appName, lines, { label: 'Log in', url: loginUrl }),
  };
}

export function passwordResetMail(appName: string, url: string) {
  const lines = [
    `We received a request to reset the password of your ${appName} account.`,
    'Choose a new password with the link below. It is valid for one hour. If you did not ask for this, ignore this message: your password stays the same.',
  ];
  return {
    subject: `Reset your ${appName} password`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}`,
    html: layout(appName, lines, { label: 'Choose a new password', url }),
  };
}

/** A header value on one line (a subject typed by a member must not start new header lines). */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Who wrote to support, as the support team reads it. */
export interface SupportSender {
  email: string;
  name: string | null;
  /** The member's id, or null for a visitor who is not signed in. */
  memberId: string | null;
}

/** A message from the /help contact form, to the support address (Reply-To is the sender). */
export function supportRequestMail(appName: string, sender: SupportSender, subject: string, message: string) {
  const from = sender.name ? `${sender.name} <${sender.email}>` : sender.email;
  const lines = [
    `New message from the ${appName} help page.`,
    `From: ${from}`,
    sender.memberId ? `Member id: ${sender.memberId} (signed in)` : 'Not signed in (a visitor gave this address).',
    `Subject: ${oneLine(subject)}`,
    'Reply to this e-mail to answer them.',
  ];
  return {
    subject: oneLine(`[${appName} support] ${subject}`),
    text: `${lines.join('\n\n')}\n\n----\n${message}\n----`,
    html: layout(appName, lines, undefined, { quote: message }),
  };
}

/** The sender's copy of what they sent through the /help contact form. */
export function supportCopyMail(appName: string, supportEmail: string, subject: string, message: string) {
  const lines = [
    `Thank you for contacting ${appName} support. We received your message and usually reply within 24 hours to this address.`,
    `Subject: ${oneLine(subject)}`,
    'A copy of your message:',
  ];
  const after = `If you did not write to us, you can ignore this e-mail. Questions? Write to ${supportEmail}.`;
  return {
    subject: oneLine(`We received your message: ${subject}`),
    text: `${lines.join('\n\n')}\n\n----\n${message}\n----\n\n${after}`,
    html: layout(appName, lines, undefined, { quote: message, after: [after] }),
  };
}

/** What every member e-mail needs from the configuration. */
export interface MemberMailFrame {
  appName: string;
  supportEmail: string;
  /** The page that turns this mail's setting off, and that setting's name in /settings. */
  unsubscribeUrl: string;
  settingLabel: string;
}

/**
 * A member e-mail about an event (a request, an answer, a completed exchange, a message): the
 * notification's words, a link to the thing, and the unsubscribe line for its setting.
 */
export function memberEventMail(frame: MemberMailFrame, event: { title: string; message: string; action: { label: string; url: string } }) {
  const footer = [
    `You get this e-mail because ${frame.settingLabel} is on in your ${frame.appName} settings. Turn it off with one click: ${frame.unsubscribeUrl}`,
    `Questions? Write to ${frame.supportEmail}.`,
  ];
  return {
    subject: oneLine(`${event.title} - ${frame.appName}`),
    text: `${event.message}\n\n${event.action.label}: ${event.action.url}\n\n----\n${footer.join('\n\n')}`,
    html: layout(frame.appName, [event.message], event.action).replace(
      '</body>',
      `<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">${footer.map((p) => `<p style="margin:0 0 12px;color:#475569;font-size:13px">${escapeHtml(p)}</p>`).join('')}</body>`,
    ),
  };
}
