/**
 * Account management: `npm run user -- <command> ...`
 *   add <email> <password> [first name] [last name]
 *   list
 *   set-password <email> <password>
 *   disable <email> | enable <email>
 * Uses the same database settings as the server (DATABASE_URL or DATA_DIR). On the embedded
 * database (DATA_DIR) it refuses to run while the server runs there: one process at a time.
 */
import { loadConfig } from '../config.ts';
import { DataDirInUseError } from '../lib/data-dir-lock.ts';
import { memoryFailureLimiter } from '../lib/failure-limiter.ts';
import { HttpError } from '../lib/errors.ts';
import { authRepository } from '../modules/auth/repository.ts';
import { authService } from '../modules/auth/service.ts';
import { signInThrottle } from '../modules/auth/sign-in-throttle.ts';
import { migrate, MIGRATIONS_DIR, openDatabase, type Sql } from '../lib/db.ts';

const USAGE = `usage: npm run user -- add <email> <password> [first] [last]
       npm run user -- list
       npm run user -- set-password <email> <password>
       npm run user -- disable <email>
       npm run user -- enable <email>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  let sql: Sql;
  try {
    // On the embedded database this fails with a clear sentence while the server runs on it.
    sql = await openDatabase(config, 'command');
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(`error: ${err.message}`);
    return 1;
  }
  try {
    await migrate(sql, MIGRATIONS_DIR);
    const auth = authService({
      repo: authRepository(sql),
      throttle: signInThrottle((_name, failures, windowMs) =>
        memoryFailureLimiter(failures, windowMs),
      ),
      tokenTtlHours: config.tokenTtlHours,
      passwordHashCost: config.passwordHashCost,
    });
    const [email, password, first, last] = args;
    switch (command) {
      case 'add': {
        if (!email || !password) break;
        const u = await auth.createUser({ email, password, firstName: first, lastName: last });
        console.log(`added ${u.email} (slug ${u.slug})`);
        return 0;
      }
      case 'list':
        for (const u of await auth.listUsers()) {
          const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
          console.log(
            `${u.email}\t${name}\t${u.disabled ? 'disabled' : 'active'}\t${u.createdAt.toISOString()}`,
          );
        }
        return 0;
      case 'set-password':
        if (!email || !password) break;
        await auth.setPassword(email, password);
        console.log(`password changed for ${email}; its sessions were signed out`);
        return 0;
      case 'disable':
      case 'enable':
        if (!email) break;
        await auth.setDisabled(email, command === 'disable');
        console.log(`${email} ${command}d`);
        return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    console.error(err instanceof HttpError ? `error: ${err.message}` : err);
    return 1;
  } finally {
    await sql.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
