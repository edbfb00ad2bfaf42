import { afterAll } from 'vitest';

/**
 * React may still hold work it queued during a file's last test (a state update from a resolved
 * request, a transition's end: MUI's and notistack's enter and exit transitions last up to 375 ms).
 * Let it run while jsdom's window still exists, instead of after the environment is torn down,
 * where it fails with "window is not defined". On a busy machine timers fire late, hence the margin.
 */
afterAll(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  await new Promise((resolve) => setImmediate(resolve));
});
