import { type Kysely, sql } from 'kysely';
import { DEFAULT_TURNAROUND_DAYS } from '../../contracts/delivery';
import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import type { DB } from '../../server/db/schema';
import type { ScaleSubjects } from './generate';
import { maintenanceRowProblems } from './maintenance-rows';
import { HEAVY_CUSTOMER_ORDERS } from './options';
import { RARE_FRAGMENT } from './people';

// The data set is only a fair instrument if it is data the app could have made: checked after writing.

export async function checkScaleData(db: Kysely<DB>, subjects: ScaleSubjects): Promise<void> {
  const failures: string[] = [];
  const count = async (label: string, query: ReturnType<typeof sql<{ n: number | string }>>, expected: number) => {
    const row = (await query.execute(db)).rows[0];
    if (Number(row?.n) !== expected) failures.push(`${label}: ${row?.n}, expected ${expected}`);
  };
  // Settled orders: paid − refunded = artist earnings + platform share. Each side summed in one pass and
  // joined: payouts have no index on order_id alone (tips'), so a sum per order would scan them per order.
  await count(
    'settled orders whose money does not add up',
    sql<{ n: number }>`select count(*) as n from orders o
      left join (select order_id, sum(amount_centavos) as paid from payments
                 where status in ('succeeded', 'refunded', 'charged_back') group by order_id) p on p.order_id = o.id
      left join (select order_id, sum(amount_centavos) as refunded from refunds group by order_id) r on r.order_id = o.id
      left join (select order_id, sum(amount_centavos) as earned from payouts group by order_id) w on w.order_id = o.id
      where o.status in ('completed', 'cancelled', 'disputed')
        and coalesce(p.paid, 0) - coalesce(r.refunded, 0)
          <> coalesce(w.earned, 0) + case when o.status = 'completed' then o.platform_fee_centavos else 0 end`,
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
    "payments whose customer is not their order's",
    sql<{ n: number }>`select count(*) as n from payments p inner join orders o on o.id = p.order_id
      where p.customer_id is null or p.customer_id <> o.customer_id`,
    0,
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
  // The artist summaries (migration 0014), filled by their triggers as the rows went in: equal to a recount.
  const sumOf = (what: string, from: string) => `coalesce((select sum(${what}) from ${from}), 0)`;
  await count(
    'artist summaries out of step',
    sql<{ n: number }>`select count(*) as n from users u left join artist_summaries s on s.artist_id = u.id
      where u.type = 'artist' and (
        coalesce(s.pending_centavos, 0) <> ${sql.raw(sumOf('o.price_centavos - o.platform_fee_centavos', `orders o where o.artist_id = u.id and o.status in ('in_progress', 'in_validation', 'in_revision', 'delivered')`))}
        or coalesce(s.available_centavos, 0) <> ${sql.raw(sumOf('p.amount_centavos', `payouts p where p.artist_id = u.id and p.status = 'pending'`))}
        or coalesce(s.paid_out_centavos, 0) <> ${sql.raw(sumOf('p.amount_centavos', `payouts p where p.artist_id = u.id and p.status = 'paid'`))}
        or coalesce(s.rating_sum, 0) <> ${sql.raw(sumOf('o.rating', 'orders o where o.artist_id = u.id'))}
        or coalesce(s.rating_count, 0) <> (select count(o.rating) from orders o where o.artist_id = u.id))`,
    0,
  );
  await count(
    'artist status counts out of step',
    sql<{ n: number }>`select (select count(*) from artist_status_counts c where c.order_count <>
        (select count(*) from orders o where o.artist_id = c.artist_id and o.status = c.status))
      + (select count(*) from (select artist_id, status from orders where artist_id is not null group by artist_id, status) r
        where not exists (select 1 from artist_status_counts c where c.artist_id = r.artist_id and c.status = r.status)) as n`,
    0,
  );
  await count(
    'artist monthly credits out of step',
    sql<{ n: number }>`select (select count(*) from artist_monthly_credits m where m.credited_centavos <>
        ${sql.raw(sumOf('p.amount_centavos', 'payouts p where p.artist_id = m.artist_id and substr(p.created_at, 1, 7) = m.month'))})
      + (select count(*) from (select artist_id, substr(created_at, 1, 7) as month from payouts group by artist_id, substr(created_at, 1, 7)) r
        where not exists (select 1 from artist_monthly_credits m where m.artist_id = r.artist_id and m.month = r.month)) as n`,
    0,
  );
  // The catalogue's cards (migration 0034): one per listed artist, its name and rating those of the user and
  // the summaries, and its rate, turnaround, genres and vocal type the profile's (or the defaults).
  await count(
    'catalogue cards out of step',
    sql<{ n: number }>`select (select count(*) from users u where u.type = 'artist' and u.app_status = 'approved'
        and u.is_online = 1 and u.deactivated_at is null and u.suspended_at is null and u.stage_name is not null
        and not exists (select 1 from catalog_cards c where c.artist_id = u.id))
      + (select count(*) from catalog_cards c inner join users u on u.id = c.artist_id
        left join artist_summaries s on s.artist_id = u.id
        left join artist_profiles p on p.user_id = u.id
        where u.app_status <> 'approved' or u.is_online <> 1 or u.deactivated_at is not null
          or u.suspended_at is not null or c.rating_count <> coalesce(s.rating_count, 0)
          or c.name_key <> lower(u.stage_name)
          or c.rate_centavos <> coalesce(p.rate_centavos, ${BASE_PRICE_CENTAVOS})
          or c.turnaround_days <> coalesce(p.turnaround_days, ${DEFAULT_TURNAROUND_DAYS})
          or c.genres <> coalesce(p.genres, '[]')
          or coalesce(c.vocal_type, '') <> coalesce(p.vocal_type, '')) as n`,
    0,
  );
  failures.push(...(await maintenanceRowProblems(db)));
  if (failures.length > 0) throw new Error(`The scale data set is inconsistent:\n${failures.join('\n')}`);
}
