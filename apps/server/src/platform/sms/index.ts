import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';

/** The queue that carries outgoing text messages. */
export const SMS_QUEUE = 'sms';

/** A text message to queue: the recipient in E.164 (+15125550100) and the text. */
export interface SmsMessage {
  to: string;
  body: string;
}

/**
 * Queues a text message. Pass the transaction of the write that causes it, so the message is sent
 * only if that write commits (and survives a restart until it is delivered). The sender number is
 * the configured SMS_FROM.
 */
export async function sendSms(
  ctx: AppContext,
  message: SmsMessage,
  executor: Kysely<DB> = ctx.db,
): Promise<void> {
  await ctx.jobs.enqueue(executor, SMS_QUEUE, { to: message.to, body: message.body });
}
