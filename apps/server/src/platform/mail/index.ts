import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an e-mail. Pass the transaction of the write that causes it, so the message is sent
 * only if that write commits (and survives a restart until it is delivered).
 */
export async function sendMail(
  ctx: AppContext,
  message: MailMessage,
  executor: Kysely<DB> = ctx.db,
): Promise<void> {
  await ctx.jobs.enqueue(executor, 'mail', { ...message });
}
