import type { ApiSuccess } from '../../contracts/http';
import type {
  ArtistPayoutsPaid,
  ChartPeriod,
  ExportKind,
  OperationsCharts,
  OperationsCounts,
} from '../../contracts/operations-home';
import { createClient, type Http } from '../api/client';
import { toApiError } from '../api/errors';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** The operations home's calls (docs/api.md "Operations home"). */
function operationsApi(http: Http) {
  return {
    counts: () => call(async () => (await http.get('operations').json<ApiSuccess<OperationsCounts>>()).data),
    charts: (days: ChartPeriod) =>
      call(
        async () =>
          (await http.get('operations/charts', { searchParams: { days } }).json<ApiSuccess<OperationsCharts>>()).data,
      ),
    /** The CSV as a file, with the name the server gave it (the download needs the session's token, so no plain link). */
    exportCsv: (kind: ExportKind, range: { from: string; to: string }) =>
      call(async () => {
        const searchParams = Object.fromEntries(Object.entries(range).filter(([, value]) => value !== ''));
        const answer = await http.get(`exports/${kind}.csv`, { searchParams });
        const name = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
        return { name, blob: await answer.blob() };
      }),
    markArtistPaid: (artistId: string, reference: string) =>
      call(() =>
        http
          .post(`artists/${artistId}/payouts/mark-paid`, { json: { reference } })
          .json<ApiSuccess<ArtistPayoutsPaid>>(),
      ),
  };
}
export type OperationsApi = ReturnType<typeof operationsApi>;

const bySession = new WeakMap<object, OperationsApi>();

/** The calls with the admin session's token (a 401 ends the admin session). */
export function getOperationsApi(): OperationsApi {
  const { session } = getAdminActors();
  let api = bySession.get(session);
  if (!api) {
    api = operationsApi(
      createClient(adminApiBase, {
        getToken: () => session.getSnapshot().context.token ?? null,
        onUnauthorized: () => session.send({ type: 'http.unauthorized' }),
      }),
    );
    bySession.set(session, api);
  }
  return api;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ name, blob }: { name: string; blob: Blob }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
