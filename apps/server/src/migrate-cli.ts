import { loadConfig } from './platform/config/env.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import path from 'node:path';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const applied = await migrate(database.db, (m) => console.log(m));
console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
await database.close();
