/** The e-mails we send, as plain text and simple HTML with the same words. */

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function layout(appName: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
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
