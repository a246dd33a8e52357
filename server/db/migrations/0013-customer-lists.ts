import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * The indexes the customer's order and payment history page on, newest first.
 *
 * Orders page on orders_customer_id (customer_id, id) from 0003. A payment belongs to the customer
 * through its order, so paging payments by the order's customer would read every order of theirs and
 * sort all their payments: each payment keeps its order's customer_id instead, copied by the database
 * itself on insert (an order never changes customer), and pages on payments_customer (customer_id, id).
 */
export function customerListIndexes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('payments').addColumn('customer_id', 'integer').execute();
      await sql`update payments set customer_id = (select o.customer_id from orders o where o.id = payments.order_id)`.execute(
        db,
      );
      if (dialect === 'postgres') {
        await sql`create function payments_customer_copy() returns trigger language plpgsql as $$
          begin
            select customer_id into new.customer_id from orders where id = new.order_id;
            return new;
          end $$`.execute(db);
        await sql`create trigger payments_customer before insert on payments for each row
          execute function payments_customer_copy()`.execute(db);
      } else {
        // SQLite cannot change NEW in a BEFORE trigger: the row is completed right after it is written.
        await sql`create trigger payments_customer after insert on payments
          begin
            update payments set customer_id = (select customer_id from orders where id = new.order_id) where id = new.id;
          end`.execute(db);
      }
      await db.schema.createIndex('payments_customer').on('payments').columns(['customer_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('payments_customer').execute();
      await sql`drop trigger payments_customer${sql.raw(dialect === 'postgres' ? ' on payments' : '')}`.execute(db);
      if (dialect === 'postgres') await sql`drop function payments_customer_copy()`.execute(db);
      await db.schema.alterTable('payments').dropColumn('customer_id').execute();
    },
  };
}
