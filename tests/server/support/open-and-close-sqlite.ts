// Run as a process of its own by sqlite-checkpointer.test.ts: opens a SQLite file with the checkpointer,
// closes it, and says so. Nothing else keeps this process alive while the close waits for the worker.
import { openDatabase } from '../../../server/db/database';

const database = openDatabase({ kind: 'sqlite', file: process.argv[2] as string }, { checkpointInWorker: true });
await database.destroy();
process.stdout.write('closed');
