import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { PermanentJobError } from '../jobs/index.ts';

/** The queue that carries outgoing e-mail. */
export const MAIL_QUEUE = 'mail';

const MailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/** Where mail goes when no SMTP server is configured: one RFC 822 file per message. */
export function mailDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** The http(s) links of a message body (logged so a first run can follow a sign-up link). */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
}

type Deliver = (message: z.infer<typeof MailPayload>, jobId: number) => Promise<void>;

function smtpDelivery(ctx: AppContext, smtpUrl: string): Deliver {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return async (message, jobId) => {
    const info = await transport.sendMail({ from: ctx.config.mailFrom, ...message });
    ctx.log.info(
      { job: jobId, to: message.to, subject: message.subject, messageId: info.messageId },
      'mail sent',
    );
  };
}

function fileDelivery(ctx: AppContext): Deliver {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return async (message, jobId) => {
    const info = await transport.sendMail({ from: ctx.config.mailFrom, ...message });
    const dir = mailDir(ctx.config.dataDir);
    await fs.promises.mkdir(dir, { recursive: true });
    // Time first so a directory listing is in sending order; the job id keeps a retry idempotent.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${jobId}.eml`);
    const partial = `${file}.partial`;
    await fs.promises.writeFile(partial, info.message as Buffer);
    await fs.promises.rename(partial, file);
    ctx.log.info(
      { job: jobId, to: message.to, subject: message.subject, file, links: linksOf(message.text) },
      `mail written to ${file}; links: ${linksOf(message.text).join(' ') || '(none)'}`,
    );
  };
}

/**
 * Registers the job handler that delivers queued e-mail: through SMTP when SMTP_URL is set,
 * otherwise as .eml files under DATA_DIR/mail with the links logged at info level.
 */
export function registerMailJobs(ctx: AppContext): void {
  const deliver = ctx.config.smtpUrl ? smtpDelivery(ctx, ctx.config.smtpUrl) : fileDelivery(ctx);
  ctx.jobs.register(MAIL_QUEUE, async (payload, job) => {
    const parsed = MailPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`invalid mail payload: ${parsed.error.message}`);
    await deliver(parsed.data, job.id);
  });
}

/** A message read back from DATA_DIR/mail. */
export interface OutboxMessage {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
  links: string[];
}

/**
 * Reads the .eml files under DATA_DIR/mail, oldest first, decoded (headers, quoted-printable and
 * base64 bodies). For tests and for an operator following a link without a mail server.
 */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = mailDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      return { file, ...parseMessage(fs.readFileSync(file, 'utf8')) };
    });
}

/** Decodes an RFC 822 message as nodemailer writes it: headers, the text and the html part. */
export function parseMessage(raw: string): Omit<OutboxMessage, 'file'> {
  const entity = parseEntity(raw);
  const text = findPart(entity, 'text/plain') ?? '';
  return {
    from: entity.headers.get('from') ?? '',
    to: entity.headers.get('to') ?? '',
    subject: entity.headers.get('subject') ?? '',
    text,
    html: findPart(entity, 'text/html'),
    links: linksOf(text),
  };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function parseEntity(raw: string): Entity {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function findPart(entity: Entity, type: string): string | undefined {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = entity.body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary, not to the part.
      const found = findPart(parseEntity(part.replace(/^\n/, '').replace(/\n$/, '')), type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!contentType.toLowerCase().startsWith(type)) return undefined;
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = entity.body;
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
