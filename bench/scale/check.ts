import { type Kysely, sql } from 'kysely';
import type { DB } from '../../server/db/schema';
import type { ScaleSubjects } from './generate';
import { HEAVY_CUSTOMER_ORDERS } from './options';
import { RARE_FRAGMENT } from './people';

// The data set is only a fair instrument if it is data the app could have made: checked after writing.

export async function checkScaleData(db: Kysely<DB>, subjects: ScaleSubjects): Promise<void> {
  const failures: string[] = [];
  const count = async (label: string, query: ReturnType<typeof sql<{ n: number | string }>>, expected: number) => {
    const row = (await query.execute(db)).rows[0];
    if (Number(row?.n) !== expected) failures.push(`${label}: ${row?.n}, expected ${expected}`);
  };
  // Settled orders: paid − refunded = artist earnings + platform share.
  await count(
    'settled orders whose money does not add up',
    sql<{ n: number }>`select count(*) as n from orders o where o.status in ('completed', 'cancelled', 'disputed') and
      coalesce((select sum(p.amount_centavos) from payments p where p.order_id = o.id
                and p.status in ('succeeded', 'refunded', 'charged_back')), 0)
      - coalesce((select sum(r.amount_centavos) from refunds r where r.order_id = o.id), 0)
      <> coalesce((select sum(w.amount_centavos) from payouts w where w.order_id = o.id), 0)
         + case when o.status = 'completed' then o.platform_fee_centavos else 0 end`,
    0,
  );
  await count(
    'orders with work started but no accepted offer',
    sql<{ n: number }>`select count(*) as n from orders o where o.artist_id is not null and not exists
      (select 1 from order_artists a where a.order_id = o.id and a.artist_id = o.artist_id and a.offer_status = 'accepted')`,
    0,
  );
  await count(
    'orders of the heavy customer',
    sql<{ n: number }>`select count(*) as n from orders where customer_id = ${subjects.heavyCustomerId}`,
    HEAVY_CUSTOMER_ORDERS,
  );
  await count(
    'accounts matching the rare fragment',
    sql<{ n: number }>`select count(*) as n from users where lower(email) like ${`%${RARE_FRAGMENT}%`}`,
    1,
  );
  await count(
    'notification counters out of step',
    sql<{ n: number }>`select count(*) as n from notification_counters c where c.unread <>
      (select count(*) from notifications n where n.user_id = c.user_id and n.is_read = 0)`,
    0,
  );
  if (failures.length > 0) throw new Error(`The scale data set is inconsistent:\n${failures.join('\n')}`);
}
