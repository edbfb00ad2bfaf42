import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file gets its own throw-away database; two cores, two files at a time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Components of the web app, rendered with Testing Library in jsdom.
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // Testing Library unmounts after each test when afterEach is global.
          globals: true,
          // A file's first render loads MUI and emotion into jsdom: seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
