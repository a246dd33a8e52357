import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { emailSchema, issuesToFieldErrors, newPasswordSchema } from '../../contracts/auth';
import { fieldMessages } from '../../contracts/field-messages';
import { type Env, loadConfig } from '../config';
import { isUniqueViolation, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createPasswordHasher } from '../services/passwords';
import { createAccount } from '../users/accounts';

const usage =
  'Usage: npm run admin:create -- --email admin@example.com --first-name Ada --last-name Lovelace\n' +
  'The password comes from ADMIN_PASSWORD, or is asked for (hidden) when it is unset.';

const name = (label: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(fieldMessages.required(label)), v.maxLength(100));
const adminSchema = v.object({
  email: emailSchema,
  first_name: name('first name'),
  last_name: name('last name'),
  password: newPasswordSchema,
});

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  askPassword(question: string): Promise<string>;
}

/** Creates an admin account from command-line arguments; returns the process exit code. */
export async function runCreateAdmin(argv: string[], env: Env, io: CliIo): Promise<number> {
  let args: { email?: string; 'first-name'?: string; 'last-name'?: string };
  try {
    ({ values: args } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (!args.email || !args['first-name'] || !args['last-name']) {
    io.err(usage);
    return 2;
  }
  const config = loadConfig(env);
  const password = env.ADMIN_PASSWORD ?? (await io.askPassword('Password for the new admin: '));
  const parsed = v.safeParse(adminSchema, {
    email: args.email,
    first_name: args['first-name'],
    last_name: args['last-name'],
    password,
  });
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(issuesToFieldErrors(parsed.issues)))
      io.err(`${field}: ${messages.join(' ')}`);
    return 1;
  }

  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    await createAccount(
      database.db,
      createPasswordHasher(config.scryptCost),
      { type: 'admin', ...parsed.output, is_first_time_login: false },
      new Date(),
    );
    io.out(`Admin ${parsed.output.email.toLowerCase()} created. Sign in on the admin console.`);
    return 0;
  } catch (error) {
    if (isUniqueViolation(error)) {
      io.err(`An admin with the email ${parsed.output.email.toLowerCase()} already exists.`);
      return 1;
    }
    throw error;
  } finally {
    await database.destroy();
  }
}

/** Reads one line without echoing it when stdin is a terminal. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  process.stdout.write(question);
  muted = true;
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCreateAdmin(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    askPassword: askHidden,
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
