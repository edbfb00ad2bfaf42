/**
 * `npm run files:verify`: reads every stored file (patient files, bracket-library and arch-wire
 * library files, installers and machine learning files) and reports the ones that are missing (a
 * row without bytes), orphaned (bytes without a row) or altered (SHA-256 differs from the one
 * recorded when stored). Exits 1 when it finds any, 0 otherwise.
 */
import path from 'node:path';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { storedInstallerFiles } from '../modules/installers/service.ts';
import { storedLibraryFiles } from '../modules/libraries/service.ts';
import { hasProblems, verifyStoredFiles, type FileProblem } from '../modules/patient-files/service.ts';
import { loadConfig } from '../platform/config/env.ts';
import { createStorage } from '../platform/storage/index.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await migrate(database.db, () => undefined);
  const ctx = { db: database.db, storage: createStorage(config) };
  const report = await verifyStoredFiles(ctx, [
    await storedLibraryFiles(ctx),
    await storedInstallerFiles(ctx),
  ]);
  const ownerText = (p: FileProblem) =>
    p.file_id
      ? ` (file ${p.file_id})`
      : p.upload_id
        ? ` (upload ${p.upload_id})`
        : p.owner
          ? ` (${p.owner.kind.replace(/_/g, ' ')} ${p.owner.id})`
          : '';
  for (const kind of ['missing', 'orphaned', 'altered'] as const)
    for (const p of report[kind])
      console.log(`${kind.padEnd(8)} ${p.key}${ownerText(p)}${p.detail ? `: ${p.detail}` : ''}`);
  console.log(
    `${report.checked} file(s) checked: ${report.missing.length} missing, ${report.orphaned.length} orphaned, ${report.altered.length} altered` +
      (report.unchecked ? `, ${report.unchecked} stored before checksums were recorded` : ''),
  );
  process.exitCode = hasProblems(report) ? 1 : 0;
} finally {
  await database.close();
}
