import { escapeHtml } from '../services/mail-html';

// One look for every mail: a plain-text part that reads well on its own and an HTML part built from
// tables and inline styles (what Gmail, Outlook and Apple Mail render alike), with one button.

export interface MailContent {
  subject: string;
  /** The first line under the subject in the inbox list. */
  preview: string;
  greeting: string;
  paragraphs: string[];
  /** Label/value lines (order reference, amount, answer-by time…). */
  facts?: [string, string][];
  /** Quoted text from a person (revision notes, a rejection reason, a thank-you note). */
  quote?: string;
  action: { label: string; url: string };
  /** Shown under the button (e.g. "you can choose other artists"). */
  after?: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface Footer {
  /** Why the person gets this mail and where to turn it off; absent on essential mail. */
  unsubscribeUrl?: string;
  settingsUrl?: string;
  categoryLabel?: string;
}

const BRAND = '#0f766e';

export function renderMail(content: MailContent, footer: Footer = {}): RenderedMail {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.facts?.length ? [...content.facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.quote ? [...content.quote.split('\n').map((line) => `> ${line}`), ''] : []),
    `${content.action.label}:`,
    content.action.url,
    '',
    ...(content.after?.length ? [...content.after, ''] : []),
    '— Labsongs',
    ...(footer.unsubscribeUrl
      ? [
          '',
          `You get this mail because "${footer.categoryLabel}" is on in your mail settings${footer.settingsUrl ? ` (${footer.settingsUrl})` : ''}.`,
          `Unsubscribe: ${footer.unsubscribeUrl}`,
        ]
      : []),
  ].join('\n');

  const p = (inner: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${inner}</p>`;
  const facts = content.facts?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${content.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;font-size:14px;color:#52606d;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0;font-size:14px;color:#1f2933;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const quote = content.quote
    ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${BRAND};color:#1f2933;font-size:15px;line-height:22px">${escapeHtml(content.quote).replace(/\n/g, '<br>')}</blockquote>`
    : '';
  const button = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${BRAND}"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></td></tr></table>`;
  const unsubscribe = footer.unsubscribeUrl
    ? `<p style="margin:16px 0 0;font-size:12px;line-height:18px;color:#7b8794">You get this mail because “${escapeHtml(footer.categoryLabel ?? '')}” is on in your ${footer.settingsUrl ? `<a href="${escapeHtml(footer.settingsUrl)}" style="color:#7b8794">mail settings</a>` : 'mail settings'}. <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#7b8794">Unsubscribe</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Helvetica,Arial,sans-serif">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:bold;color:${BRAND}">Labsongs</td></tr>
<tr><td style="padding:24px">
${p(escapeHtml(content.greeting))}
${content.paragraphs.map((x) => p(escapeHtml(x))).join('\n')}
${facts}${quote}${button}
${(content.after ?? []).map((x) => p(escapeHtml(x))).join('\n')}
${p('— Labsongs')}
${unsubscribe}
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject: content.subject, text, html };
}
