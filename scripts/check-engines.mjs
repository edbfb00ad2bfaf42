#!/usr/bin/env node
// Fails when an installed dependency's `engines.node` excludes the Node versions the project
// supports: the oldest one the root package.json allows (README) and the running one. npm only
// warns about these (EBADENGINE); this check makes CI fail instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const project = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const supported = project.engines?.node;
if (!supported) {
  console.error('package.json names no engines.node');
  process.exit(1);
}
const oldest = semver.minVersion(supported)?.version;
const versions = [...new Set([oldest, process.versions.node])].filter(Boolean);
if (!semver.satisfies(process.versions.node, supported)) {
  console.error(`Node ${process.versions.node} is outside the project's range ${supported}`);
  process.exit(1);
}

const problems = [];
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (where === '' || !where.includes('node_modules/')) continue;
  const range = typeof entry.engines === 'object' && entry.engines ? entry.engines.node : undefined;
  if (typeof range !== 'string') continue;
  for (const version of versions) {
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      problems.push(`${where}@${entry.version} needs Node ${range} (not ${version})`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Dependencies whose engines exclude Node ${versions.join(' / ')} (project: ${supported}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Every dependency's engines allow Node ${versions.join(' and ')} (project: ${supported}).`);
