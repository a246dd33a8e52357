import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Reads the `.eml` files the outbox transport writes, for tests and for looking at mail in development.

export interface OutboxMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with white space and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`) in a header. */
function decodeHeader(value: string): string {
  // White space between two encoded words is folding, not text (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections.filter((s) => !s.startsWith('--')).flatMap((s) => leafParts(splitPart(s.replace(/^\n/, ''))));
}

export function parseEml(raw: string, file = ''): OutboxMail {
  const message = splitPart(raw);
  const leaves = leafParts(message);
  const bodyOf = (type: string) =>
    leaves
      .filter((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('\n')
      .trimEnd();
  const to = (message.headers.get('to') ?? '')
    .split(',')
    .map((address) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase())
    .filter(Boolean);
  return {
    file,
    to,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
  };
}

/** Every mail in the outbox, oldest first (file names sort by sending time). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (name) => parseEml(await readFile(path.join(dir, name), 'utf8'), name)));
}

/** The newest mail sent to `address` (case-insensitive), if any. */
export async function latestMailTo(dir: string, address: string): Promise<OutboxMail | undefined> {
  const wanted = address.trim().toLowerCase();
  return (await readOutbox(dir)).filter((mail) => mail.to.includes(wanted)).at(-1);
}

/** The first http(s) link in the mail's text body whose path starts with `pathPrefix` (any link when omitted). */
export function findLink(mail: OutboxMail, pathPrefix = '/'): string | undefined {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.toString();
  }
  return undefined;
}
