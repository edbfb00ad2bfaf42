import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../src/platform/storage/index.ts';

export interface TestS3Server {
  /** The driver's settings for the bucket (loopback endpoint, the bucket, s3rver's credentials). */
  settings: S3Settings;
  /** Where the server keeps the bucket's objects and the parts of uploads in progress. */
  directory: string;
  /** The same as STORAGE_DRIVER and S3_* variables. */
  env: Record<string, string>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A real S3-protocol server (s3rver) on a free loopback port, in a process of its own (so the
 * memory the tests measure is the server's, not the bucket's), keeping its objects in a temp
 * directory, with an empty bucket. Tests of the S3 storage driver and the file suites with
 * STORAGE_DRIVER=s3 run against it.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-s3-'));
  const bucket = `archline-test-${process.pid}-${counter++}`;
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3-server-process.mjs'), directory, bucket],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^(\d+)\n/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    child.once('exit', (code) => reject(new Error(`the S3 test server exited with ${code}`)));
    child.once('error', reject);
  });
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    directory,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region!,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
    },
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
