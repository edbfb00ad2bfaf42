import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/env.ts';

/**
 * A text-message provider, shaped like Twilio's Messages resource
 * (POST /2010-04-01/Accounts/{AccountSid}/Messages.json with To, From and Body): the answer is the
 * message's sid and its status ('queued', 'sent', ...).
 */
export interface SmsRequest {
  to: string;
  from: string;
  body: string;
}

export interface SmsResult {
  sid: string;
  status: string;
}

export interface SmsProvider {
  readonly name: 'offline' | 'twilio';
  send(message: SmsRequest): Promise<SmsResult>;
}

/** A provider's refusal: `permanent` when sending again cannot help (e.g. an invalid number). */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Where the offline provider records messages: one JSON file per message. */
export function smsDir(dataDir: string): string {
  return path.join(dataDir, 'sms');
}

/** A message the offline provider recorded. */
export interface RecordedSms extends SmsRequest, SmsResult {
  created_at: string;
  file: string;
}

/** A Twilio-style message sid: 'SM' and 32 hex digits. */
function newSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/**
 * The default provider: sends nothing, records each message as a JSON file under DATA_DIR/sms
 * (sid, status 'sent', to, from, body, created_at), so tests and an operator can read them.
 */
export function offlineSmsProvider(dataDir: string): SmsProvider {
  return {
    name: 'offline',
    async send(message) {
      const dir = smsDir(dataDir);
      await fs.promises.mkdir(dir, { recursive: true });
      const sid = newSid();
      const createdAt = new Date().toISOString();
      // Time first so a directory listing is in sending order.
      const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${sid}.json`);
      const record = { sid, status: 'sent', to: message.to, from: message.from, body: message.body };
      await fs.promises.writeFile(`${file}.partial`, JSON.stringify({ ...record, created_at: createdAt }));
      await fs.promises.rename(`${file}.partial`, file);
      return { sid, status: 'sent' };
    },
  };
}

/** Reads the messages the offline provider recorded, oldest first. */
export function readSmsOutbox(dataDir: string): RecordedSms[] {
  const dir = smsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      return { ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<RecordedSms, 'file'>), file };
    });
}

/**
 * Twilio's Messages API: a form-encoded POST with basic authentication (account sid and auth
 * token). A 4xx answer (bad number, unverified sender) is permanent; a 429 or 5xx may be retried.
 */
export function twilioSmsProvider(opts: {
  accountSid: string;
  authToken: string;
  apiUrl: string;
  fetch?: typeof fetch;
}): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: message.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(30_000),
      });
      const json = (await res.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        message?: string;
        code?: number;
      };
      if (!res.ok) {
        const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
        throw new SmsProviderError(
          `Twilio answered ${res.status}${json.code ? ` (${json.code})` : ''}: ${json.message ?? 'no message'}`,
          permanent,
        );
      }
      if (!json.sid) throw new SmsProviderError('Twilio answered without a message sid', false);
      return { sid: json.sid, status: json.status ?? 'queued' };
    },
  };
}

/** The configured provider: Twilio with SMS_PROVIDER=twilio (sid and token required), else offline. */
export function createSmsProvider(config: Pick<Config, 'sms' | 'dataDir'>): SmsProvider {
  if (config.sms.provider === 'twilio') {
    const { accountSid, authToken, apiUrl } = config.sms.twilio;
    if (!accountSid || !authToken)
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    return twilioSmsProvider({ accountSid, authToken, apiUrl });
  }
  return offlineSmsProvider(config.dataDir);
}
