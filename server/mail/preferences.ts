import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import { mailPreferencesAnswerSchemas } from '../../contracts/api/account-extras';
import { successSchema } from '../../contracts/api/envelope';
import {
  type MailArea,
  type MailCategory,
  type MailPreferences,
  mailCategories,
  mailPreferenceMessages,
  mailPreferencesSchema,
} from '../../contracts/mail';
import { currentAuth, requireAuth } from '../auth/require-auth';
import type { AppContext, AppEnv } from '../context';
import type { DB } from '../db/schema';
import { ok } from '../http/envelope';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';

// GET/PATCH /api/v1/{user|artist}/mail-preferences: which non-essential mails the person gets.
// Stored as opt-outs, so every kind is on until turned off and a new kind starts on.

async function preferencesOf(db: Kysely<DB>, userId: number, area: MailArea): Promise<MailPreferences> {
  const off = await db.selectFrom('mail_opt_outs').select('category').where('user_id', '=', userId).execute();
  const offSet = new Set(off.map((row) => row.category));
  return Object.fromEntries(mailCategories[area].map((category) => [category, !offSet.has(category)]));
}

export async function setPreference(
  db: Kysely<DB>,
  userId: number,
  category: MailCategory,
  wanted: boolean,
  at: Date,
): Promise<void> {
  if (wanted) {
    await db.deleteFrom('mail_opt_outs').where('user_id', '=', userId).where('category', '=', category).execute();
  } else {
    await db
      .insertInto('mail_opt_outs')
      .values({ user_id: userId, category, created_at: at.toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
      .execute();
  }
}

async function getPreferences(c: AppContext, area: MailArea) {
  return ok(c, await preferencesOf(c.var.db, currentAuth(c).user.id, area));
}

async function savePreferences(c: AppContext, area: MailArea, body: Record<string, boolean | undefined>) {
  const { db, clock } = c.var;
  const userId = currentAuth(c).user.id;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    for (const category of mailCategories[area]) {
      const wanted = body[category];
      if (wanted !== undefined) await setPreference(trx, userId, category, wanted, now);
    }
  });
  return ok(c, await preferencesOf(db, userId, area), mailPreferenceMessages.saved);
}

export function createMailPreferenceRoutes(area: MailArea): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(area);
  const schema = mailPreferencesSchema(area);
  const answer = successSchema(mailPreferencesAnswerSchemas[area]);
  routes.get(
    '/mail-preferences',
    operation({
      summary: 'Which optional mails the account gets',
      tags: 'Mail preferences',
      auth: true,
      answers: { 200: answer },
    }),
    signedIn,
    (c) => getPreferences(c, area),
  );
  routes.patch(
    '/mail-preferences',
    operation({
      summary: 'Turn optional mails on or off',
      tags: 'Mail preferences',
      auth: true,
      answers: { 200: answer },
    }),
    signedIn,
    validateJson(schema),
    (c) => savePreferences(c, area, c.req.valid('json') as v.InferOutput<typeof schema>),
  );
  return routes;
}
