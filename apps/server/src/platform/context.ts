import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Config } from './config/env.ts';
import type { Jobs } from './jobs/index.ts';
import type { Realtime } from './realtime/types.ts';
import type { StorageDriver } from './storage/index.ts';

/**
 * What every use case may depend on. Built once per process (and once per test database),
 * passed explicitly: no module-level singletons.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  log: Logger;
  jobs: Jobs;
  realtime: Realtime;
  /** Uploaded files (local disk under DATA_DIR/files). */
  storage: StorageDriver;
}
