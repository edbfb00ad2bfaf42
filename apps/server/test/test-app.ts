import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { loadConfig, type Config } from '../src/platform/config/env.ts';
import type { AppContext } from '../src/platform/context.ts';
import { createConformanceCheck, type OpenApiDocument } from './conformance.ts';
import { cachedOpenApiDocument } from './openapi-cache.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

export interface TestApp {
  app: App;
  ctx: AppContext;
  db: AppContext['db'];
  config: Config;
  database: Database;
  /** The throw-away DATA_DIR of this app (files, mail). */
  dataDir: string;
  /** With STORAGE_DRIVER=s3: the loopback S3-protocol server holding this app's files. */
  s3?: TestS3Server;
  /** Checks every answer against the OpenAPI description; close() fails on any mismatch left. */
  conformance: ReturnType<typeof createConformanceCheck>;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh, migrated, empty database for one test file. */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  if (inject('testEngine') === 'postgres') {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `archline_t_${inject('runId')}_${process.pid}_${counter++}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // Two files copying the template at the same instant may find it busy: try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
        break;
      } catch (err) {
        if (attempt >= 10 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
    return {
      database,
      url: url.toString(),
      drop: async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  const database = await openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: new Blob([dump]) });
  return { database, drop: async () => {} };
}

/**
 * Builds the real application on a fresh database and a fresh DATA_DIR.
 * `env` overrides configuration variables (e.g. SMTP_URL for the mail tests).
 * STORAGE_DRIVER=s3 (in `env` or in the test run's environment) keeps the files in a bucket of
 * an S3-protocol server started on loopback for this app (s3rver), unless `env` names one; the
 * browser-facing links stay the server's own unless S3_PRESIGNED_URLS=1.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-data-'));
  const s3 =
    (env.STORAGE_DRIVER ?? process.env.STORAGE_DRIVER) === 's3' && !env.S3_ENDPOINT
      ? await startS3Server()
      : undefined;
  const { database, url, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO: '0',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(url ? { DATABASE_URL: url } : {}),
    ...s3?.env,
    // The file suites run the server's own signed links over the bucket (S3_PRESIGNED_URLS=0)
    // unless the run or the test asks for presigned URLs (patient-files.presigned.int.test.ts).
    ...(s3 ? { S3_PRESIGNED_URLS: process.env.S3_PRESIGNED_URLS ?? '0' } : {}),
    ...env,
  });
  // Every answer is checked against the published OpenAPI description (see conformance.ts).
  let document: OpenApiDocument | undefined;
  const conformance = createConformanceCheck(
    () =>
      (document ??= cachedOpenApiDocument(
        inject('runId'),
        () => app.swagger() as unknown as OpenApiDocument,
      )),
  );
  const app: App = await buildApp({ config, database, observeResponse: conformance.observe });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    db: app.ctx.db,
    config,
    database,
    dataDir,
    s3,
    conformance,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const failures = conformance.takeFailures();
      if (failures.length) {
        throw new Error(
          `${failures.length} answer(s) did not match the OpenAPI description:\n${failures.slice(0, 20).join('\n')}`,
        );
      }
    },
  };
}
