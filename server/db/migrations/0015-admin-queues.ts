import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * The indexes the admin's queues page on, and the maintenance job's.
 *
 * The applications queue sorts by the time the application was last sent (artist_profiles.submitted_at)
 * or, never sent, the sign-up time, within one status. Both must be on the users row for one index to
 * serve the filter and the order, so `users.app_submitted_at` copies submitted_at: the database keeps it,
 * by triggers on artist_profiles, whichever code path writes the profile (the app, a seed, the admin CLI).
 */
export function adminQueueIndexes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('app_submitted_at', 'text').execute();
      await sql`update users set app_submitted_at =
        (select p.submitted_at from artist_profiles p where p.user_id = users.id)
        where type = 'artist'`.execute(db);
      const differs = dialect === 'postgres' ? 'is distinct from' : 'is not';
      const copy = sql.raw(
        `update users set app_submitted_at = new.submitted_at where id = new.user_id and app_submitted_at ${differs} new.submitted_at;`,
      );
      if (dialect === 'postgres') {
        await sql`create function users_app_submitted_at() returns trigger language plpgsql as $$
          begin ${copy} return null; end $$`.execute(db);
        await sql`create trigger artist_profiles_submitted after insert or update of submitted_at on artist_profiles
          for each row execute function users_app_submitted_at()`.execute(db);
      } else {
        await sql`create trigger artist_profiles_submitted_insert after insert on artist_profiles
          begin ${copy} end`.execute(db);
        await sql`create trigger artist_profiles_submitted_update after update of submitted_at on artist_profiles
          begin ${copy} end`.execute(db);
      }
      // GET /admin/applications?status=: one status, newest (submitted, else signed up) first, then id.
      await sql`create index users_applications on users
        (type, app_status, (coalesce(app_submitted_at, created_at)), id)`.execute(db);

      // The maintenance job (server/services/maintenance.ts) deletes and expires by age in batches:
      // each batch must find its rows through an index on exactly what it filters on.
      // Unverified callbacks by age; verified ones are kept for good and must not be walked over.
      await db.schema
        .createIndex('payment_callbacks_unverified')
        .on('payment_callbacks')
        .columns(['verified', 'created_at'])
        .execute();
      // Checkouts nobody paid, by age (payments/attempts.ts expireStaleAttempts).
      await db.schema.createIndex('payments_status_created').on('payments').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('password_resets_expires_at').on('password_resets').column('expires_at').execute();
      // The mail worker gathers an admin's waiting digest items (mail/mail-worker.ts collectDigests):
      // by status, digest and admin, not by walking every mail the admin ever had.
      await db.schema
        .createIndex('mail_outbox_digest_items')
        .on('mail_outbox')
        .columns(['status', 'digest', 'user_id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('mail_outbox_digest_items').execute();
      await db.schema.dropIndex('password_resets_expires_at').execute();
      await db.schema.dropIndex('payments_status_created').execute();
      await db.schema.dropIndex('payment_callbacks_unverified').execute();
      await db.schema.dropIndex('users_applications').execute();
      if (dialect === 'postgres') {
        await sql`drop trigger artist_profiles_submitted on artist_profiles`.execute(db);
        await sql`drop function users_app_submitted_at()`.execute(db);
      } else {
        await sql`drop trigger artist_profiles_submitted_insert`.execute(db);
        await sql`drop trigger artist_profiles_submitted_update`.execute(db);
      }
      await db.schema.alterTable('users').dropColumn('app_submitted_at').execute();
    },
  };
}
