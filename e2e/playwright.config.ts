import net from 'node:net';
import { defineConfig, devices } from '@playwright/test';

/** A free TCP port, chosen once in the main process; workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ||= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

const ALONE = ['**/*.settings.spec.ts', '**/*.alone.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  timeout: 120_000,
  // A first page load on a busy 2-core machine can take longer than a person would wait; the
  // assertions themselves are unchanged.
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]]
    : 'list',
  // One folder per run: several runs (engines, engineers) can share the machine.
  outputDir: `../test-results/run-${process.env.E2E_PORT}`,
  use: {
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot of every action) costs about a third more
    // CPU on every test, failing or not, on a machine the browsers already keep busy. A failure
    // still leaves its screenshot and error-context.md (the page's accessibility tree); for the
    // full trace run the failing spec again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // Signs each demo account in once; the specs reuse the stored sessions (asUser).
      name: 'setup',
      testMatch: 'support/auth.setup.ts',
      use: chromium,
    },
    {
      name: 'chromium',
      // Specs named *.settings.spec.ts change settings every case form reads (the default RxForm
      // layout, an organization's layout and preference), and *.alone.spec.ts change what other
      // specs rely on (a demo account's password and sessions): they run afterwards, one at a time.
      testIgnore: ALONE,
      dependencies: ['setup'],
      use: chromium,
    },
    {
      name: 'chromium-settings',
      testMatch: ALONE,
      dependencies: ['chromium'],
      workers: 1,
      use: chromium,
    },
  ],
});
