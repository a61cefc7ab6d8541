/**
 * npm run create-admin -- --email x@y.z --name Ada --last-name Lovelace
 *
 * Makes an administrator account (the way to get one in production, where no demo accounts
 * exist). The password comes from ADMIN_PASSWORD, or is asked for twice on a terminal
 * without being echoed. Refuses weak passwords and emails already registered.
 */
import './owner-only.ts';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { RegisterBody } from '#contracts/user.ts';
import { LIMITS } from '#contracts/rules.ts';
import { hashPassword } from '../api/auth/password.ts';
import { loadApiConfig, openDb } from '../api/index.ts';

const usage = 'Usage: ADMIN_PASSWORD=… npm run create-admin -- --email admin@example.com --name Ada --last-name Lovelace';

/** Reads a line from the terminal without echoing it (raw mode; Ctrl-C aborts). */
const promptHidden = (question: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const stdin = process.stdin;
    stdin.setRawMode(true);
    process.stdout.write(question);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new Error('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });

const readPassword = async (): Promise<string> => {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY) throw new Error(`No password: set ADMIN_PASSWORD or run this in a terminal to be asked.\n${usage}`);
  const first = await promptHidden('Password: ');
  if (first.length >= LIMITS.passwordMin) {
    const again = await promptHidden('Password again: ');
    if (again !== first) throw new Error('The two passwords differ: nothing created.');
  }
  return first;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, 'last-name': { type: 'string' } },
  });
  const missing = (['email', 'name', 'last-name'] as const).filter((k) => !values[k]);
  if (missing.length) throw new Error(`Missing ${missing.map((m) => `--${m}`).join(', ')}.\n${usage}`);
  const password = await readPassword();
  if (password.length < LIMITS.passwordMin) {
    throw new Error(`The password is too weak: use at least ${LIMITS.passwordMin} characters. Nothing created.`);
  }
  const parsed = RegisterBody.safeParse({ email: values.email, name: values.name, lastName: values['last-name'], password });
  if (!parsed.success) {
    const fields = z.flattenError(parsed.error).fieldErrors;
    const lines = Object.entries(fields).map(([field, messages]) => `- ${field}: ${(messages ?? []).join(', ')}`);
    throw new Error(`Invalid input, nothing created:\n${lines.join('\n')}`);
  }
  const body = parsed.data;

  const config = await loadApiConfig();
  const db = await openDb({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, poolSize: 1 });
  try {
    const hash = await hashPassword(body.password);
    const { rows } = await db.query<{ id: string }>(
      `insert into users (name, last_name, email, password_hash, is_admin) values ($1, $2, $3, $4, true)
       on conflict (email) do nothing returning id`,
      [body.name, body.lastName, body.email, hash],
    );
    if (!rows[0]) throw new Error(`A user with the email ${body.email} already exists: nothing created. Choose another email.`);
    console.log(`Admin ${body.name} ${body.lastName} <${body.email}> created (id ${rows[0].id}).`);
  } finally {
    await db.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
