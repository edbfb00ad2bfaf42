import { api } from '../../../lib/api-client.ts';

/** PUT /last-activity-time: tells the server the user is active (the caller throttles). */
export function reportActivity(): Promise<{ last_activity_at: string }> {
  return api.put<{ last_activity_at: string }>('/last-activity-time');
}
