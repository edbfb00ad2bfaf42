/**
 * Demo installers: DIBS releases for everyone (one marked unstable), one build for the demo
 * practice, a machine learning file, and a workstation of the demo practice still running the
 * unstable version, so the viewer's unstable version warning shows. Files are small stand-ins
 * (the right signatures, a few kilobytes) written when a storage is given.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import type { DemoFileStore } from './demo-patients.ts';

const MZ = Buffer.from('MZ', 'latin1');
const SEVEN_ZIP = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

function stand_in(signature: Buffer, size: number): Buffer {
  const buf = Buffer.alloc(size, 0);
  signature.copy(buf);
  Buffer.from('Archline demo file').copy(buf, 64);
  return buf;
}

export async function seedDemoInstallers(
  db: Kysely<DB>,
  input: { organizationId: number; uploadedByUserId: number; storage?: DemoFileStore },
): Promise<void> {
  const written: string[] = [];
  async function file(
    scope: string,
    name: string,
    body: Buffer,
  ): Promise<{ key: string | null; size: number }> {
    if (!input.storage) return { key: null, size: body.length };
    const key = `installers/${scope}/${crypto.randomUUID()}/${name}`;
    await input.storage.put(key, body);
    written.push(key);
    return { key, size: body.length };
  }
  try {
    const releases = [
      {
        v: [2, 12, 6],
        notes: 'Faster case loading.\nFixes the export of guides.',
        unstable: false,
        days: 60,
      },
      { v: [2, 12, 7], notes: 'Bracket library sync.\nSmaller download.', unstable: false, days: 21 },
      {
        v: [2, 13, 0],
        notes: 'New tray designer preview.\nKnown issue: exports may stall.',
        unstable: true,
        days: 5,
      },
    ] as const;
    for (const r of releases) {
      const name = `DIBS-Setup-${r.v.join('.')}.exe`;
      const stored = await file('all', name, stand_in(MZ, 4096));
      const at = new Date(Date.now() - r.days * 86_400_000);
      await db
        .insertInto('installers')
        .values({
          organization_id: null,
          v1: r.v[0],
          v2: r.v[1],
          v3: r.v[2],
          file_name: name,
          file_size: stored.size,
          storage_path: stored.key,
          release_notes: r.notes,
          unstable: r.unstable,
          uploaded_by_user_id: input.uploadedByUserId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const practiceBuild = await file(
      String(input.organizationId),
      'DIBS-Setup-2.12.8.msi',
      stand_in(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 4096),
    );
    await db
      .insertInto('installers')
      .values({
        organization_id: input.organizationId,
        v1: 2,
        v2: 12,
        v3: 8,
        file_name: 'DIBS-Setup-2.12.8.msi',
        file_size: practiceBuild.size,
        storage_path: practiceBuild.key,
        release_notes: 'Build for the practice with the in-office printer profile.',
        uploaded_by_user_id: input.uploadedByUserId,
      })
      .execute();
    const model = await file('all/machine-learning', 'segmentation-model.7z', stand_in(SEVEN_ZIP, 2048));
    await db
      .insertInto('installer_settings')
      .values({
        organization_id: null,
        auto_update: true,
        ml_file_name: model.key ? 'segmentation-model.7z' : null,
        ml_storage_path: model.key,
        ml_file_size: model.key ? model.size : null,
        ml_uploaded_at: model.key ? new Date() : null,
        updated_by_user_id: input.uploadedByUserId,
      })
      .execute();
    // One workstation of the practice still runs the unstable 2.13.0, the others 2.12.7.
    await db
      .updateTable('devices')
      .set({ details: sql`details || ${JSON.stringify({ software_version: '2.12.7' })}::jsonb` })
      .where('license_id', 'in', (eb) =>
        eb.selectFrom('licenses').select('id').where('organization_id', '=', input.organizationId),
      )
      .execute();
    await db
      .updateTable('devices')
      .set({ details: sql`details || ${JSON.stringify({ software_version: '2.13.0' })}::jsonb` })
      .where('machine_id', '=', 'bso-op2')
      .execute();
  } catch (err) {
    await Promise.all(written.map((key) => input.storage!.delete(key).catch(() => undefined)));
    throw err;
  }
}
