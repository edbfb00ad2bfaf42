import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { initializeData } from './initialize.ts';
import { loadConfig } from './platform/config/env.ts';

const config = loadConfig();
const logger = pino({
  level: config.logLevel,
  ...(process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
    : {}),
});

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  onIdleError: (err) =>
    logger.warn({ err: err.message }, 'an idle database connection was closed by the server'),
});
logger.info(
  database.engine === 'postgres'
    ? 'database: PostgreSQL (DATABASE_URL)'
    : `database: embedded PGlite in ${path.join(config.dataDir, 'pglite')}`,
);
await migrate(database.db, (m) => logger.info(m));

const app = await buildApp({ config, database, logger });
// The demo accounts are for people reading the terminal: a plain table, not a JSON log line.
let accounts: string | null = null;
await initializeData(app.ctx, (text) => {
  accounts = text;
});
await app.listen({ port: config.port, host: config.host });
logger.info(
  `Archline is running at ${config.publicUrl} (API under ${config.publicUrl}/services/api/v2, docs at /services/api/v2/docs)`,
);
if (accounts) process.stdout.write(`\n${accounts}\n\n`);

closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info(`${signal} received, finishing in-flight requests`);
  await app.close();
  await database.close();
});
