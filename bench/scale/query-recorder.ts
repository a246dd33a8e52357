import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { DB } from '../../server/db/schema';

// A plugin that records each statement a Kysely instance runs, with how long it took from compiling to
// its result. Used on the live server's db (the app reads `database.db` per request) and on maintenance.

export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

export interface QueryRecorder {
  db: Kysely<DB>;
  queries: RecordedQuery[];
}

export function recordQueries(db: Kysely<DB>): QueryRecorder {
  const queries: RecordedQuery[] = [];
  const started = new WeakMap<object, { sql: string; parameters: readonly unknown[]; at: number }>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const compiled = db.getExecutor().compileQuery(args.node, args.queryId);
      started.set(args.queryId, { sql: compiled.sql, parameters: compiled.parameters, at: performance.now() });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const start = started.get(args.queryId);
      if (start) queries.push({ sql: start.sql, parameters: start.parameters, ms: performance.now() - start.at });
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), queries };
}
