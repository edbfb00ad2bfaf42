#!/usr/bin/env node
// Reports the gzip size of the JavaScript that the login page and the patients page load, by
// following the Vite manifest: the entry, the route's lazy chunk, their static imports, and the
// dynamic imports a page starts on mount (the ALTCHA widget on login, which every visit loads:
// it counts in the budget). Exits 1 when a page is over its budget.
// Usage: node bench/bundle-size.mjs [--no-build] [--json]   (WEB_DIST_DIR: build into and read another folder)
// Goals: login <= 200 KB with the widget, patients <= 350 KB (gzip).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const args = new Set(process.argv.slice(2));

if (!args.has('--no-build') || !fs.existsSync(manifestFile)) {
  const outDir = process.env.WEB_DIST_DIR ? ['--', '--outDir', dist, '--emptyOutDir'] : [];
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', ...outDir], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** The pages measured: the route's page module, the modules it needs around it, and budgets. */
const PAGES = [
  {
    name: 'login',
    route: '/login',
    modules: ['src/features/auth/pages/login-page.tsx'],
    // Started on mount by the page (not a static import): count them too.
    alsoDynamic: [/altcha/],
    budgetKb: 200,
  },
  {
    name: 'patients',
    route: '/patients',
    modules: ['src/app/shell/app-shell.tsx', 'src/features/patients/pages/patients-page.tsx'],
    alsoDynamic: [],
    budgetKb: 350,
  },
  {
    // The chart library loads with this route only (a chunk the page starts on mount).
    name: 'dashboard',
    route: '/dashboard',
    modules: ['src/app/shell/app-shell.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    // The chart (with its library) loads once the figures are there.
    alsoDynamic: [/activity-chart/],
    budgetKb: 450,
  },
];

function collect(key, files, alsoDynamic) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files, alsoDynamic);
  for (const dyn of chunk.dynamicImports ?? []) {
    if (alsoDynamic.some((re) => re.test(dyn))) collect(dyn, files, alsoDynamic);
  }
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

const results = [];
for (const page of PAGES) {
  const missing = page.modules.filter((m) => !manifest[m]);
  const measure = (alsoDynamic) => {
    const files = new Set();
    collect(entryKey, files, []);
    for (const m of page.modules) collect(m, files, alsoDynamic);
    const js = [...files].filter((f) => f.endsWith('.js'));
    return {
      files: js.length,
      kb: Math.round((js.reduce((sum, f) => sum + gzipSize(f), 0) / 1024) * 10) / 10,
    };
  };
  const initial = measure([]);
  const withOnMount = measure(page.alsoDynamic);
  results.push({
    page: page.name,
    route: page.route,
    files: initial.files,
    // Entry + route chunk + static imports: what the route needs to render.
    gzipKb: initial.kb,
    // Plus what the page itself starts loading on mount (the ALTCHA widget on login).
    gzipKbWithOnMount: withOnMount.kb,
    budgetKb: page.budgetKb,
    // What loads on every visit, the on-mount imports included, is what the budget limits.
    withinBudget: withOnMount.kb <= page.budgetKb,
    missingModules: missing,
  });
}

if (args.has('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const r of results) {
    const note = r.missingModules.length ? ` (page not built yet: ${r.missingModules.join(', ')})` : '';
    console.log(
      `${r.page.padEnd(9)} ${r.route.padEnd(10)} ${String(r.gzipKb).padStart(7)} KB gzip in ${r.files} files` +
        ` (${r.gzipKbWithOnMount} KB with what it loads on mount)  budget ${r.budgetKb} KB: ${r.withinBudget ? 'ok' : 'OVER'}${note}`,
    );
  }
}
process.exitCode = results.every((r) => r.withinBudget) ? 0 : 1;
