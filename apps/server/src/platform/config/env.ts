import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, validated once at start.
 * The README's configuration table documents each of them.
 */
const booleanish = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** The lab's return address on shipping labels (LAB_SHIP_FROM, JSON with these fields). */
const ShipFrom = z.object({
  name: z.string().min(1),
  company: z.string().nullable().optional(),
  street1: z.string().min(1),
  street2: z.string().nullable().optional(),
  city: z.string().min(1),
  state: z.string().min(1),
  zip: z.string().min(1),
  country: z.string().min(2),
  phone: z.string().nullable().optional(),
});
const DEFAULT_SHIP_FROM: z.infer<typeof ShipFrom> = {
  name: 'Archline Lab',
  company: 'Archline',
  street1: '1200 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '5125550100',
};

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Archline <no-reply@archline.local>'),
  SMS_PROVIDER: z.enum(['offline', 'twilio']).default('offline'),
  SMS_FROM: z.string().default('+15005550006'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_API_URL: z.string().default('https://api.twilio.com'),
  DEMO: booleanish.default(true),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALTCHA_HMAC_KEY: z.string().optional(),
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  TOKEN_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  TOKEN_REMEMBER_DAYS: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_DISABLED: booleanish.default(false),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_ENDPOINT: z.string().optional(),
  S3_PRESIGNED_URLS: booleanish.default(true),
  WEB_DIST_DIR: z.string().optional(),
  JOBS_POLL_MS: z.coerce.number().int().positive().default(1000),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().positive().default(10_000),
  JOBS_LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  WHITEHAT_ENCRYPTION_KEY: z.string().optional(),
  WEBHOOKS_ALLOW_PRIVATE: booleanish.optional(),
  PAYMENT_PROCESSOR: z.enum(['offline']).default('offline'),
  CARRIER: z.enum(['offline']).default('offline'),
  LAB_SHIP_FROM: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return DEFAULT_SHIP_FROM;
      try {
        return ShipFrom.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'LAB_SHIP_FROM must be a JSON address (name, street1, city, state, zip, country).',
        });
        return z.NEVER;
      }
    }),
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, check) => {
      if (value === undefined) return;
      const parsed = parseTrustProxy(value);
      if (parsed === null)
        check.addIssue({
          code: 'custom',
          message: 'a hop count, or a comma-separated list of proxy addresses or CIDRs',
        });
    }),
});

/** The proxy-addr names of address ranges Fastify accepts besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers may set X-Forwarded-For / -Proto / -Host. Unset or empty trusts none
 * (the client address is the socket's); a number trusts that many hops; otherwise a list of
 * proxy addresses or CIDRs. Null when the value is none of these.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((e) => e.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Text messages: 'offline' (the default) records each message under DATA_DIR/sms; 'twilio' sends
   * through Twilio's Messages API with the account sid and auth token.
   */
  sms: {
    provider: Env['SMS_PROVIDER'];
    from: string;
    twilio: { accountSid?: string; authToken?: string; apiUrl: string };
  };
  demo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  altchaHmacKey: string | undefined;
  tokenIdleMinutes: number;
  tokenAbsoluteHours: number;
  tokenRememberDays: number;
  rateLimitDisabled: boolean;
  storage: {
    driver: 'local' | 's3';
    s3: {
      endpoint?: string;
      region?: string;
      bucket?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** The bucket's address as browsers reach it, when it differs from `endpoint`. */
      publicEndpoint?: string;
      /** Browsers upload to and download from the bucket with presigned URLs (S3_PRESIGNED_URLS, on by default). */
      presignedUrls: boolean;
    };
  };
  webDistDir: string;
  /** Background jobs: poll interval, first retry delay (doubles per attempt), stale-lock timeout. */
  jobs: { pollMs: number; retryBaseMs: number; lockTimeoutMs: number };
  /** AES-256-GCM key (32 bytes, hex or base64) for stored integration passwords; else one is generated into settings. */
  whitehatEncryptionKey: string | undefined;
  /**
   * Webhook endpoints on private, link-local or loopback addresses (WEBHOOKS_ALLOW_PRIVATE): refused
   * unless set; the tests' default is to allow them (their receivers listen on 127.0.0.1).
   */
  webhooksAllowPrivate: boolean;
  /** The card and bank processor of payment methods and charges (only 'offline' here). */
  paymentProcessor: Env['PAYMENT_PROCESSOR'];
  /** The shipping carrier of rates, postage labels and tracking (only 'offline' here). */
  carrier: Env['CARRIER'];
  /** The lab's return address on shipping labels. */
  labShipFrom: z.infer<typeof ShipFrom>;
  /** Fastify's trustProxy: false (trust no forwarded header), a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sms: {
      provider: e.SMS_PROVIDER,
      from: e.SMS_FROM,
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID || undefined,
        authToken: e.TWILIO_AUTH_TOKEN || undefined,
        apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
      },
    },
    demo: e.DEMO,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    tokenIdleMinutes: e.TOKEN_IDLE_MINUTES,
    tokenAbsoluteHours: e.TOKEN_ABSOLUTE_HOURS,
    tokenRememberDays: e.TOKEN_REMEMBER_DAYS,
    rateLimitDisabled: e.RATE_LIMIT_DISABLED,
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicEndpoint: e.S3_PUBLIC_ENDPOINT,
        presignedUrls: e.S3_PRESIGNED_URLS,
      },
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../../web/dist')),
    jobs: {
      pollMs: e.JOBS_POLL_MS,
      retryBaseMs: e.JOBS_RETRY_BASE_MS,
      lockTimeoutMs: e.JOBS_LOCK_TIMEOUT_MS,
    },
    whitehatEncryptionKey: e.WHITEHAT_ENCRYPTION_KEY || undefined,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? e.NODE_ENV === 'test',
    paymentProcessor: e.PAYMENT_PROCESSOR,
    carrier: e.CARRIER,
    labShipFrom: e.LAB_SHIP_FROM,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
  };
}
