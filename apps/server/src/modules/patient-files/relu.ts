import crypto from 'node:crypto';
import type { ReluStatus } from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Relu: the external AI segmentation service that processes scans. The product asks it to flag a
 * job (with the technician's remarks) or to re-process a file. This adapter is the only place
 * that talks to it.
 */
export interface ReluJobState {
  jobId: string | null;
  status: ReluStatus;
  message: string | null;
}

export interface ReluService {
  flagJob(input: { jobId: string; fileId: number; remarks: string }): Promise<ReluJobState>;
  reprocessJob(input: { jobId: string | null; fileId: number }): Promise<ReluJobState>;
}

/**
 * The offline implementation (no Relu service configured): flagging records the remarks and marks
 * the job flagged; re-processing opens a new local job id in the pending state. Nothing leaves
 * the server. See docs/operations.md.
 */
export const offlineRelu: ReluService = {
  async flagJob({ jobId, remarks }) {
    return { jobId, status: 'flagged', message: remarks };
  },
  async reprocessJob() {
    return { jobId: `offline-${crypto.randomUUID()}`, status: 'pending', message: null };
  },
};

const services = new WeakMap<AppContext, ReluService>();

/** The Relu adapter of this app (the offline one unless another was installed). */
export function reluServiceOf(ctx: AppContext): ReluService {
  return services.get(ctx) ?? offlineRelu;
}

/** Installs another Relu adapter (a connector to the real service). */
export function setReluService(ctx: AppContext, service: ReluService): void {
  services.set(ctx, service);
}
