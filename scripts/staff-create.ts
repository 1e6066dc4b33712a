/**
 * `npm run staff:create -- --username NAME --email ADDRESS --name "Full name" --mobile 09xxxxxxxxx`
 *   creates a staff account; the password is read from standard input (typed without echo at a
 *   terminal, or piped: `printf '%s\n' "$PASSWORD" | npm run staff:create -- …`), never from the
 *   command line, where it would stay in the shell's history and the process list.
 * `npm run staff:create -- --promote LOGIN`
 *   gives an existing account (username or e-mail) the staff role; its password stays.
 * This is how a production shop gets its first staff account (no demo account exists there). With the
 * embedded PGlite the server must not be running at the same time.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { createStaffAccount, newStaffSchema, promoteToStaff } from '../src/server/services/accounts/staff-accounts';

/** The server's modules (the whole app) load only once the arguments were accepted: a refusal is told at once. */
const openConfiguredDatabase = async (config: Config) => (await import('../src/server/server')).openConfiguredDatabase(config);

const USAGE =
  'Usage: npm run staff:create -- --username NAME --email ADDRESS --name "Full name" --mobile 09xxxxxxxxx   (password on standard input)\n' +
  '       npm run staff:create -- --promote USERNAME_OR_EMAIL';

/** One line from standard input; at a terminal without echo, so the password is not shown. */
async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) process.stderr.write('Password (at least 8 characters, not shown): ');
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      if (stdin.isTTY) {
        stdin.setRawMode(false);
        process.stderr.write('\n');
      }
      stdin.pause();
      stdin.off('data', onData);
      resolve(text.replace(/\r?\n.*$/s, ''));
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\u0003') {
          reject(new Error('interrupted'));
          return;
        }
        if (ch === '\n' || ch === '\r' || ch === '\u0004') {
          done();
          return;
        }
        text += ch;
      }
    };
    if (stdin.isTTY) stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.once('end', done);
    stdin.resume();
  });
}

async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        mobile: { type: 'string' },
        promote: { type: 'string' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) console.log(`Embedded database in ${config.DATA_DIR}/pglite — make sure the server is not running.`);

  if (values.promote !== undefined) {
    const database = await openConfiguredDatabase(config);
    try {
      const result = await promoteToStaff(database.db, values.promote);
      if (!result) {
        console.error(`No account with the username or e-mail "${values.promote}".`);
        return 1;
      }
      console.log(result.kind === 'promoted' ? `${result.username} is now staff.` : `${result.username} was staff already.`);
      return 0;
    } finally {
      await database.close();
    }
  }

  const missing = ['username', 'email', 'name', 'mobile'].filter((k) => !values[k]);
  if (missing.length) {
    console.error(`Missing: ${missing.map((k) => `--${k}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  const parsed = newStaffSchema.safeParse({ ...values, password: await readPassword() });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  const database = await openConfiguredDatabase(config);
  try {
    const result = await createStaffAccount(database.db, parsed.data);
    if (result.kind === 'taken') {
      console.error(
        `An account with that username or e-mail exists (${result.username}); to make it staff: npm run staff:create -- --promote ${result.username}`,
      );
      return 1;
    }
    console.log(`Staff account ${parsed.data.username} created; sign in at ${config.PUBLIC_BASE_URL}/account/login.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
