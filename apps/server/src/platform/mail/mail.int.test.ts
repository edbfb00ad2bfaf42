import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createJobs } from '../jobs/index.ts';
import { MAIL_QUEUE, parseMessage, readOutbox, registerMailJobs } from './delivery.ts';
import { sendMail } from './index.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random loopback port; `reject` answers every recipient with 550. */
async function startSmtp(opts: { reject?: boolean } = {}) {
  const received: Received[] = [];
  let rejections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!opts.reject) return callback();
      rejections++;
      const err = Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejections: () => rejections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const message = {
  to: 'dr.lee@clinic.example',
  subject: 'Verify your e-mail address',
  text: 'Welcome to Archline.\n\nConfirm your address: http://localhost:3000/verify?token=abc123def456\n',
};

describe('with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Archline <mail@archline.test>',
      JOBS_POLL_MS: '20',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the message to the SMTP server with its from, to, subject and body', async () => {
    await sendMail(t.ctx, message);
    const got = await waitFor(() => smtp.received.find((m) => m.raw.includes('abc123def456')));
    expect(got.from).toBe('mail@archline.test');
    expect(got.to).toEqual(['dr.lee@clinic.example']);
    const parsed = parseMessage(got.raw);
    expect(parsed.from).toBe('Archline <mail@archline.test>');
    expect(parsed.to).toBe('dr.lee@clinic.example');
    expect(parsed.subject).toBe('Verify your e-mail address');
    expect(parsed.text).toBe(message.text);
    expect(parsed.links).toEqual(['http://localhost:3000/verify?token=abc123def456']);
    const job = await waitFor(() =>
      t.db
        .selectFrom('jobs')
        .selectAll()
        .where('queue', '=', MAIL_QUEUE)
        .where('status', '=', 'done')
        .executeTakeFirst(),
    );
    expect(job.attempts).toBe(1);
    // No file is written when a mail server is configured.
    expect(readOutbox(t.dataDir)).toEqual([]);
  });

  it('sends the html alternative and a non-ASCII subject intact', async () => {
    await sendMail(t.ctx, {
      to: 'zoë@clinic.example',
      subject: 'Réinitialisation du mot de passe — Archline',
      text: 'Reset: http://localhost:3000/reset?token=ünïcode-1',
      html: '<p>Reset: <a href="http://localhost:3000/reset?token=1">link</a></p>',
    });
    const got = await waitFor(() => smtp.received.find((m) => m.raw.includes('Reset')));
    const parsed = parseMessage(got.raw);
    expect(parsed.subject).toBe('Réinitialisation du mot de passe — Archline');
    expect(parsed.text).toBe('Reset: http://localhost:3000/reset?token=ünïcode-1');
    expect(parsed.html).toBe('<p>Reset: <a href="http://localhost:3000/reset?token=1">link</a></p>');
  });

  it('never sends a mail queued in a transaction that rolls back', async () => {
    const before = smtp.received.length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sendMail(t.ctx, { ...message, subject: 'Rolled back' }, trx);
        throw new Error('invitation failed');
      }),
    ).rejects.toThrow('invitation failed');
    // A mail committed afterwards goes out; the rolled-back one never does.
    await t.db.transaction().execute((trx) => sendMail(t.ctx, { ...message, subject: 'Committed' }, trx));
    await waitFor(() => smtp.received.some((m) => parseMessage(m.raw).subject === 'Committed'));
    await t.ctx.jobs.drain();
    const subjects = smtp.received.slice(before).map((m) => parseMessage(m.raw).subject);
    expect(subjects).toEqual(['Committed']);
    const rolledBack = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', MAIL_QUEUE)
      .where(sql<boolean>`payload->>'subject' = 'Rolled back'`)
      .execute();
    expect(rolledBack).toEqual([]);
  });

  it('fails a malformed mail job at once without contacting the server', async () => {
    const before = smtp.received.length;
    const id = await t.ctx.jobs.enqueue(t.db, MAIL_QUEUE, { to: 42, subject: 'x' });
    const job = await waitFor(async () => {
      const r = await t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return r.status === 'failed' && r;
    });
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/^invalid mail payload/);
    expect(smtp.received.length).toBe(before);
  });
});

describe('with an SMTP server that rejects the recipient', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp({ reject: true });
    t = await createTestApp({ SMTP_URL: smtp.url, JOBS_POLL_MS: '10', JOBS_RETRY_BASE_MS: '10' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('retries, then marks the job failed keeping the server error', async () => {
    await sendMail(t.ctx, message);
    const job = await waitFor(
      () =>
        t.db
          .selectFrom('jobs')
          .selectAll()
          .where('queue', '=', MAIL_QUEUE)
          .where('status', '=', 'failed')
          .executeTakeFirst(),
      15_000,
    );
    expect(job.attempts).toBe(5);
    expect(job.max_attempts).toBe(5);
    expect(job.last_error).toContain('550');
    expect(job.last_error).toContain('Mailbox dr.lee@clinic.example unavailable');
    expect(job.finished_at).not.toBeNull();
    expect(smtp.rejections()).toBe(5);
    expect(smtp.received).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_FROM: 'Archline <mail@archline.test>', JOBS_POLL_MS: '20' });
  });
  afterAll(() => t?.close());

  it('writes the message as an .eml file under DATA_DIR/mail', async () => {
    await sendMail(t.ctx, message);
    const [mail] = await waitFor(() => {
      const box = readOutbox(t.dataDir);
      return box.length > 0 && box;
    });
    expect(mail!.file.startsWith(`${t.dataDir}/mail/`)).toBe(true);
    expect(mail!.file.endsWith('.eml')).toBe(true);
    expect(mail).toMatchObject({
      from: 'Archline <mail@archline.test>',
      to: 'dr.lee@clinic.example',
      subject: 'Verify your e-mail address',
      text: message.text,
      links: ['http://localhost:3000/verify?token=abc123def456'],
    });
    const raw = fs.readFileSync(mail!.file, 'utf8');
    expect(raw).toMatch(/^(?:[\s\S]*\r\n)?Subject: Verify your e-mail address\r\n/);
    expect(raw).toContain('\r\nMessage-ID: <');
    expect(fs.readdirSync(`${t.dataDir}/mail`).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('after drain(), every queued message is on disk, even one the polling worker took', async () => {
    for (let i = 0; i < 5; i++) {
      await sendMail(t.ctx, { ...message, subject: `Drained ${i}` });
      await t.ctx.jobs.drain();
      expect(readOutbox(t.dataDir).map((m) => m.subject)).toContain(`Drained ${i}`);
    }
  });

  it('logs the links of the message at info level', async () => {
    // The app's own worker would take the job; this test delivers through its own queue object.
    await t.ctx.jobs.stop();
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        cb();
      },
    });
    const jobs = createJobs(t.db);
    registerMailJobs({ ...t.ctx, log: pino({ level: 'info' }, sink), jobs });
    await sendMail(
      { ...t.ctx, jobs },
      { ...message, subject: 'Invitation', text: 'Join: http://localhost:3000/invite/xyz' },
    );
    expect(await jobs.drain()).toBe(1);
    const line = lines.find((l) => l.subject === 'Invitation');
    expect(line).toMatchObject({
      level: 30,
      to: 'dr.lee@clinic.example',
      links: ['http://localhost:3000/invite/xyz'],
    });
    expect(String(line!.msg)).toContain('http://localhost:3000/invite/xyz');
    expect(readOutbox(t.dataDir).map((m) => m.subject)).toContain('Invitation');
    t.ctx.jobs.start();
  });
});
