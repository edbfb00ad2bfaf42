import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openApiCacheFile } from './openapi-cache.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'postgres' when DATABASE_URL is set, else 'pglite'. */
    testEngine: 'postgres' | 'pglite';
    /** PostgreSQL: the migrated template database every test file copies. */
    templateDatabase: string;
    /** PGlite: a dump of the migrated database every test file loads. */
    pgliteDump: string;
    /** Names every database this run creates, so teardown drops them all. */
    runId: string;
  }
}

/**
 * Migrates once per run: a template database on PostgreSQL (each file then CREATE DATABASE ...
 * TEMPLATE it), or a PGlite data dump (each file then loads it into memory).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  const runId = `${process.pid}x${Date.now().toString(36)}`;
  project.provide('runId', runId);
  if (adminUrl) {
    const name = `archline_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
    await migrate(database.db);
    await database.close();
    project.provide('testEngine', 'postgres');
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', '');
    return async () => {
      // Drop the template and every database the files made from it.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'archline_t%' and datname like $1`,
        [`%${runId}%`],
      );
      for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
      await admin.end();
      fs.rmSync(openApiCacheFile(runId), { force: true });
    };
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database.db);
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'archline-test-')), 'template.tar.gz');
  const dump = await database.dumpPglite!();
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testEngine', 'pglite');
  project.provide('templateDatabase', '');
  project.provide('pgliteDump', dumpFile);
  return () => {
    fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    fs.rmSync(openApiCacheFile(runId), { force: true });
  };
}
