/**
 * Regenerates schema.ts (the Kysely table types) from the migrations:
 * migrates a throw-away PostgreSQL database and introspects it.
 * Needs a PostgreSQL server: CODEGEN_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const adminUrl = process.env.CODEGEN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `archline_codegen_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
try {
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database.db);
  await database.close();
  const out = path.join(import.meta.dirname, 'schema.ts');
  execFileSync(
    'npx',
    [
      'kysely-codegen',
      '--dialect',
      'postgres',
      '--url',
      url.toString(),
      '--out-file',
      out,
      '--exclude-pattern',
      '(schema_migrations|socket_io_attachments)',
      '--date-parser',
      'string',
      '--numeric-parser',
      'number',
      '--type-mapping',
      '{"int8":"number"}',
    ],
    { stdio: 'inherit' },
  );
} finally {
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}
