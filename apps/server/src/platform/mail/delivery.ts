import type { AppContext } from '../context.ts';

/** Registers the job handler that delivers queued e-mail. */
export function registerMailJobs(_ctx: AppContext): void {}
