import { type Kysely, sql } from 'kysely';
import { holderMatchesLegalName } from '../../users/legal-name';
import type { Dialect } from '../database';

/**
 * Accounts with care. `artist_payouts.changed_at`: when the artist last replaced an account they had
 * (null for the first one); the operations home lists changes of the last 7 days through its index.
 * `holder_review`: null when the holder name matches the artist's legal name, else 'pending' until an
 * admin approves or rejects it (who and when kept beside it); a payout to a pending or rejected account
 * cannot be marked paid. `users.released_email`: the address a deactivated account had when it was
 * freed for a new registration after the restore window (the account keeps a placeholder address).
 * Backfill: an account already on file whose holder name does not match waits for an admin's check.
 */
export function accountCare(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('artist_payouts').addColumn('changed_at', 'text').execute();
      await sql`create index artist_payouts_changed on artist_payouts (changed_at) where changed_at is not null`.execute(
        db,
      );
      await db.schema
        .alterTable('artist_payouts')
        .addColumn('holder_review', 'text', (col) =>
          col.check(sql`holder_review is null or holder_review in ('pending', 'approved', 'rejected')`),
        )
        .execute();
      await db.schema.alterTable('artist_payouts').addColumn('holder_reviewed_at', 'text').execute();
      // The admin's id, without a foreign key: SQLite cannot drop a column that has one.
      await db.schema.alterTable('artist_payouts').addColumn('holder_reviewed_by', 'integer').execute();
      await sql`create index artist_payouts_holder_pending on artist_payouts (user_id) where holder_review = 'pending'`.execute(
        db,
      );
      await db.schema.alterTable('users').addColumn('released_email', 'text').execute();

      const rows = await sql<{
        user_id: number;
        account_name: string;
        first_name: string;
        middle_name: string | null;
        last_name: string;
      }>`
        select p.user_id, p.account_name, u.first_name, u.middle_name, u.last_name
        from artist_payouts p join users u on u.id = p.user_id`.execute(db);
      for (const row of rows.rows) {
        if (holderMatchesLegalName(row.account_name, row)) continue;
        await sql`update artist_payouts set holder_review = 'pending' where user_id = ${row.user_id}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('artist_payouts_holder_pending').execute();
      await db.schema.dropIndex('artist_payouts_changed').execute();
      // SQLite re-checks every trigger on a DROP COLUMN and rejects the summary triggers' upsert alias
      // (0014: `insert into … as t … do update set x = t.x`): every trigger is set aside and put back as it was.
      const aside =
        dialect === 'postgres'
          ? []
          : (
              await sql<{
                name: string;
                sql: string;
              }>`select name, sql from sqlite_master where type = 'trigger'`.execute(db)
            ).rows;
      for (const trigger of aside) await sql.raw(`drop trigger ${trigger.name}`).execute(db);
      await db.schema.alterTable('users').dropColumn('released_email').execute();
      for (const column of ['holder_reviewed_by', 'holder_reviewed_at', 'holder_review', 'changed_at'])
        await db.schema.alterTable('artist_payouts').dropColumn(column).execute();
      for (const trigger of aside) await sql.raw(trigger.sql).execute(db);
    },
  };
}
