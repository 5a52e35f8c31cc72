import { paths } from '../../../shared/app-paths.js';

/** What one member's Weekly Digest says (built by digest.service). */
export interface DigestContent {
  /** The member's display name, null before their profile has one. */
  name: string | null;
  /** The first few matching posts, best first. */
  posts: { id: string; title: string; authorId: string; authorName: string }[];
  /** All matching posts (may be more than listed). */
  postTotal: number;
  /** The newest few pending requests on the member's posts. */
  requests: { requesterName: string; postTitle: string }[];
  requestTotal: number;
  unreadMessages: number;
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A title a member typed, on one line. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface Section {
  heading: string;
  lines: { text: string; url?: string }[];
  action: { label: string; url: string };
}

/**
 * The Weekly Digest as plain text and simple HTML with the same words (the style of
 * mail/templates.ts): a section per thing to report, each with a link into the app, then the
 * unsubscribe link and the support address.
 */
export function digestMail(
  config: { appName: string; appUrl: string; supportEmail: string },
  content: DigestContent,
  unsubscribeUrl: string,
): { subject: string; text: string; html: string } {
  const base = config.appUrl.replace(/\/+$/, '');
  const sections: Section[] = [];
  if (content.postTotal > 0) {
    const more = content.postTotal - content.posts.length;
    sections.push({
      heading: `${plural(content.postTotal, 'new post matches', 'new posts match')} your skills near you`,
      lines: [
        ...content.posts.map((p) => ({ text: `${oneLine(p.title)} (by ${oneLine(p.authorName)})`, url: `${base}${paths.profile}/${encodeURIComponent(p.authorId)}` })),
        ...(more > 0 ? [{ text: `and ${plural(more, 'more', 'more')}` }] : []),
      ],
      action: { label: 'See matching posts', url: `${base}${paths.home}` },
    });
  }
  if (content.requestTotal > 0) {
    const more = content.requestTotal - content.requests.length;
    sections.push({
      heading: `${plural(content.requestTotal, 'exchange request is', 'exchange requests are')} waiting for your answer`,
      lines: [
        ...content.requests.map((r) => ({ text: `${oneLine(r.requesterName)} on "${oneLine(r.postTitle)}"` })),
        ...(more > 0 ? [{ text: `and ${plural(more, 'more', 'more')}` }] : []),
      ],
      action: { label: 'Answer requests', url: `${base}${paths.network}` },
    });
  }
  if (content.unreadMessages > 0) {
    sections.push({
      heading: `You have ${plural(content.unreadMessages, 'unread message', 'unread messages')}`,
      lines: [],
      action: { label: 'Read messages', url: `${base}${paths.messages}` },
    });
  }

  const greeting = content.name ? `Hi ${oneLine(content.name)},` : 'Hi,';
  const intro = `Here is your week on ${config.appName}.`;
  const footer = [
    `You receive this because Weekly Digest is on in your ${config.appName} settings (${base}${paths.settings}).`,
    `Unsubscribe from the Weekly Digest: ${unsubscribeUrl}`,
    `Questions? Write to ${config.supportEmail}.`,
  ];
  const summary = [
    content.postTotal > 0 ? plural(content.postTotal, 'new match', 'new matches') : null,
    content.requestTotal > 0 ? plural(content.requestTotal, 'pending request', 'pending requests') : null,
    content.unreadMessages > 0 ? plural(content.unreadMessages, 'unread message', 'unread messages') : null,
  ].filter(Boolean);

  const text = [
    greeting,
    intro,
    ...sections.map((s) => [s.heading, ...s.lines.map((l) => `- ${l.text}${l.url ? `\n  ${l.url}` : ''}`), `${s.action.label}: ${s.action.url}`].join('\n')),
    '--',
    ...footer,
  ].join('\n\n');

  const p = (inner: string, style = 'margin:0 0 16px') => `<p style="${style}">${inner}</p>`;
  const htmlSections = sections
    .map((s) => {
      const items = s.lines.length
        ? `<ul style="margin:0 0 12px;padding-left:20px">${s.lines
            .map((l) => `<li style="margin:0 0 6px">${l.url ? `<a href="${escapeHtml(l.url)}" style="color:#0f766e">${escapeHtml(l.text)}</a>` : escapeHtml(l.text)}</li>`)
            .join('')}</ul>`
        : '';
      return `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(s.heading)}</h2>${items}${p(
        `<a href="${escapeHtml(s.action.url)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(s.action.label)}</a>`,
      )}`;
    })
    .join('');
  const small = 'margin:0 0 8px;color:#475569;font-size:13px';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#0f766e">${escapeHtml(config.appName)}</h1>${p(escapeHtml(greeting))}${p(escapeHtml(intro))}${htmlSections}<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">${p(
    escapeHtml(footer[0] ?? ''),
    small,
  )}${p(`<a href="${escapeHtml(unsubscribeUrl)}" style="color:#475569">Unsubscribe from the Weekly Digest</a>`, small)}${p(escapeHtml(footer[2] ?? ''), small)}</body></html>`;

  return { subject: `Your ${config.appName} week: ${summary.join(', ')}`, text, html };
}
