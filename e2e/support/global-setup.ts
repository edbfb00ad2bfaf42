import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Builds the web app and starts the real Archline server on a fresh database with demo data:
 * embedded PGlite in a new DATA_DIR, or a throw-away PostgreSQL database when DATABASE_URL is set.
 * SMTP_URL stays unset, so mail lands in DATA_DIR/mail/*.eml where the specs read links from.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function createThrowAwayDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `archline_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${baseURL}/services/api/v2/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not become healthy in time:\n${log()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_WEB_DIST: build into (and serve from) a folder of this run's own, so a run does not share
  // apps/web/dist with another run or a developer's build on the same checkout.
  const webDist = process.env.E2E_WEB_DIST
    ? path.resolve(process.env.E2E_WEB_DIST)
    : path.join(root, 'apps/web/dist');
  if (!process.env.E2E_SKIP_BUILD) {
    const args = [
      'run',
      'build',
      '-w',
      'apps/web',
      ...(process.env.E2E_WEB_DIST ? ['--', '--outDir', webDist, '--emptyOutDir'] : []),
    ];
    const build = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Building the web app failed');
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  const database = process.env.DATABASE_URL ? await createThrowAwayDatabase(process.env.DATABASE_URL) : null;
  const port = process.env.E2E_PORT!;
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // 'test' keeps the ALTCHA proof of work cheap; everything else runs as in production.
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DEMO: '1',
    RATE_LIMIT_DISABLED: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: webDist,
  };
  delete env.SMTP_URL;
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    await database?.drop();
    throw error;
  }

  return async () => {
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 15_000);
      child.once('exit', () => (clearTimeout(timer), resolve()));
    });
    await database?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
