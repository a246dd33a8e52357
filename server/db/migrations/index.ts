import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../database';
import { authTables } from './0001-auth';
import { artistTables } from './0002-artists';
import { orderTables } from './0003-orders';
import { lifecycleTables } from './0004-lifecycle';
import { moneyTables } from './0005-money';
import { mailTables } from './0006-mail';
import { catalogVersion } from './0007-catalog-version';
import { artistSuspensionTables } from './0009-artist-suspensions';
import { notificationStreamTables } from './0010-notification-streams';
import { secretFingerprintTables } from './0011-secret-fingerprints';
import { searchIndexes } from './0012-search';
import { customerListIndexes } from './0013-customer-lists';
import { artistSummaryTables } from './0014-artist-summaries';
import { adminQueueIndexes } from './0015-admin-queues';
import { acceptedPriceColumns } from './0016-accepted-price';
import { refundStates } from './0017-refund-states';
import { paymentExceptions } from './0018-payment-exceptions';
import { operationsTables } from './0019-operations';
import { accountCare } from './0020-account-care';
import { stageNames } from './0021-stage-names';
import { strandedOrders } from './0022-stranded-orders';
import { supportRequests } from './0023-support-requests';
import { emailConfirmations } from './0024-email-confirmations';
import { catalogueChoice } from './0025-catalogue-choice';
import { deliveryPromise } from './0026-delivery-promise';
import { tips } from './0027-tips';
import { orderMessages } from './0028-order-messages';
import { orderAddOns } from './0029-order-add-ons';
import { messageAlerts } from './0030-message-alerts';
import { lyricsAndReports } from './0031-lyrics-and-reports';
import { searchLatency } from './0032-search-latency';
import { departedArtistsIndex } from './0033-departed-artists-index';
import { catalogCards } from './0034-catalog-cards';

// Listed in code, not globbed from disk, so migrations run the same from tsx, vitest and a bundle.
// Names sort in the order they must run; never rename or edit one that has shipped: add a new one.
const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001-auth': authTables,
  '0002-artists': artistTables,
  '0003-orders': orderTables,
  '0004-lifecycle': lifecycleTables,
  '0005-money': moneyTables,
  '0006-mail': mailTables,
  '0007-catalog-version': catalogVersion,
  '0009-artist-suspensions': artistSuspensionTables,
  '0010-notification-streams': notificationStreamTables,
  '0011-secret-fingerprints': secretFingerprintTables,
  '0012-search': searchIndexes,
  '0013-customer-lists': customerListIndexes,
  '0014-artist-summaries': artistSummaryTables,
  '0015-admin-queues': adminQueueIndexes,
  '0016-accepted-price': acceptedPriceColumns,
  '0017-refund-states': refundStates,
  '0018-payment-exceptions': paymentExceptions,
  '0019-operations': operationsTables,
  '0020-account-care': accountCare,
  '0021-stage-names': stageNames,
  '0022-stranded-orders': strandedOrders,
  '0023-support-requests': supportRequests,
  '0024-email-confirmations': emailConfirmations,
  '0025-catalogue-choice': catalogueChoice,
  '0026-delivery-promise': deliveryPromise,
  '0027-tips': tips,
  '0028-order-messages': orderMessages,
  '0029-order-add-ons': orderAddOns,
  '0030-message-alerts': messageAlerts,
  '0031-lyrics-and-reports': lyricsAndReports,
  '0032-search-latency': searchLatency,
  '0033-departed-artists-index': departedArtistsIndex,
  '0034-catalog-cards': catalogCards,
};

export const latestMigrationName = Object.keys(migrations).sort().at(-1) as string;

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, build]) => [name, build(dialect)]));
    },
  };
}
