import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { PermanentJobError } from '../jobs/index.ts';
import { SMS_QUEUE } from './index.ts';
import { createSmsProvider, SmsProviderError, type SmsProvider } from './provider.ts';

const SmsPayload = z.object({
  to: z.string().regex(/^\+\d{7,15}$/),
  body: z.string().min(1).max(1600),
});

/**
 * Registers the job handler that delivers queued text messages through the configured provider
 * (offline by default: recorded under DATA_DIR/sms). `provider` replaces it (tests).
 */
export function registerSmsJobs(
  ctx: AppContext,
  provider: SmsProvider = createSmsProvider(ctx.config),
): void {
  ctx.jobs.register(SMS_QUEUE, async (payload, job) => {
    const parsed = SmsPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`invalid sms payload: ${parsed.error.message}`);
    try {
      const result = await provider.send({ ...parsed.data, from: ctx.config.sms.from });
      ctx.log.info(
        { job: job.id, to: parsed.data.to, sid: result.sid, status: result.status, provider: provider.name },
        'text message sent',
      );
    } catch (err) {
      if (err instanceof SmsProviderError && err.permanent) throw new PermanentJobError(err.message);
      throw err;
    }
  });
}
