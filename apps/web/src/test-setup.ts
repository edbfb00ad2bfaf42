import { afterAll } from 'vitest';

/**
 * React may still hold work it queued during a file's last test (a state update from a resolved
 * request, a transition's end). Let it run while jsdom's window still exists, instead of after
 * the environment is torn down, where it fails with "window is not defined".
 */
afterAll(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
});
