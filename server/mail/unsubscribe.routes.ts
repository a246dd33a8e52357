import { Hono } from 'hono';
import { mailCategoryLabels } from '../../contracts/mail';
import type { AppContext, AppEnv } from '../context';
import { operation } from '../openapi/operation';
import { escapeHtml } from '../services/mail-html';
import { setPreference } from './preferences';
import type { UnsubscribeSigner } from './unsubscribe-token';

// The unsubscribe link of every non-essential mail (no login). GET shows a page that asks, so a link
// scanner opening the URL changes nothing; POST turns the kind off: the page's button, and the
// one-click request mail clients send (RFC 8058, body `List-Unsubscribe=One-Click`).

const settingsPath = { user: '/customer/account/settings', artist: '/artist/account-settings' } as const;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Labsongs</title>
<style>
body{margin:0;background:#f5f7fa;font-family:Helvetica,Arial,sans-serif;color:#1f2933}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin:0 0 1rem;color:#0f766e}p{line-height:1.5}
button{font:inherit;font-weight:bold;padding:.75rem 1.5rem;border:0;border-radius:.4rem;background:#0f766e;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:#0f766e}
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;

async function resolve(c: AppContext, signer: UnsubscribeSigner) {
  const found = signer.verify(c.req.query('token') ?? '');
  if (!found) return null;
  const user = await c.var.db
    .selectFrom('users')
    .select(['id', 'type', 'email'])
    .where('id', '=', found.userId)
    .executeTakeFirst();
  if (!user || (user.type !== 'user' && user.type !== 'artist')) return null;
  return { ...found, user: { ...user, type: user.type } };
}

const invalid = (c: AppContext) =>
  c.html(
    page(
      'Link not valid',
      '<h1>This unsubscribe link is not valid</h1><p>Open your mail settings after logging in to choose which mails you get.</p>',
    ),
    404,
  );

export function createUnsubscribeRoutes(signer: UnsubscribeSigner): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/mail/unsubscribe',
    operation({
      summary: "The unsubscribe page of a mail's link",
      tags: 'Mail preferences',
      answers: { 200: { media: 'text/html' }, 404: { media: 'text/html' } },
    }),
    async (c) => {
      const found = await resolve(c, signer);
      if (!found) return invalid(c);
      const label = mailCategoryLabels[found.category].label;
      c.header('Cache-Control', 'no-store');
      return c.html(
        page(
          'Unsubscribe',
          `<h1>Unsubscribe from “${escapeHtml(label)}”?</h1>
<p>${escapeHtml(found.user.email)} will no longer get these mails: ${escapeHtml(mailCategoryLabels[found.category].hint)}</p>
<p>Receipts, refunds and password mails always go.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    },
  );
  routes.post(
    '/mail/unsubscribe',
    operation({
      summary: "Unsubscribe (the page's button or a one-click List-Unsubscribe-Post)",
      tags: 'Mail preferences',
      answers: { 200: { media: 'text/html' }, 404: { media: 'text/html' } },
    }),
    async (c) => {
      const found = await resolve(c, signer);
      if (!found) return invalid(c);
      await setPreference(c.var.db, found.userId, found.category, false, c.var.clock.now());
      const settings = `${c.var.config.publicUrl}${settingsPath[found.user.type]}`;
      c.header('Cache-Control', 'no-store');
      return c.html(
        page(
          'Unsubscribed',
          `<h1>You are unsubscribed</h1>
<p>You will no longer get “${escapeHtml(mailCategoryLabels[found.category].label)}” mails.</p>
<p>You can turn them back on in your <a href="${escapeHtml(settings)}">mail settings</a>.</p>`,
        ),
      );
    },
  );
  return routes;
}
