/**
 * A demo case on which the demo doctor can request a tray correction (document 1 section 4): an
 * active case of the demo practice whose setup the doctor approved, printed in office, with one
 * IOS file and the STL files of both arches, and no request past New. Runs inside seedDemo's
 * transaction; without a storage the case is not made (its files are what qualifies it).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { archStl, storedZip } from './demo-files.ts';
import type { DemoFileStore } from './demo-patients.ts';
import { buildPatient, buildRxForm } from './factories.ts';

export const TRAY_CORRECTION_DEMO_PATIENT = { first_name: 'Harper', last_name: 'Lindqvist' } as const;

export async function seedDemoTrayCorrectionCase(
  db: Kysely<DB>,
  options: {
    storage?: DemoFileStore;
    organizationId: number;
    doctorId: number;
    locationId: number | null;
    now?: Date;
  },
): Promise<number | null> {
  const storage = options.storage;
  if (!storage) return null;
  const now = options.now ?? new Date();
  const day = 86_400_000;
  const submitted = new Date(now.getTime() - 12 * day);
  const approved = new Date(now.getTime() - 6 * day);
  const patient = await buildPatient(db, {
    organization_id: options.organizationId,
    user_id: options.doctorId,
    ...TRAY_CORRECTION_DEMO_PATIENT,
    case_number_text: 'IOP-2207',
    patient_status_id: 1,
    created_at: submitted,
    updated_at: approved,
  });
  await buildRxForm(db, {
    organization_id: options.organizationId,
    user_id: options.doctorId,
    patient_id: patient.id,
    created_by_user_id: options.doctorId,
    location_id: options.locationId,
    jaws_id: 3,
    export_type: 1,
    print_assignment: 2,
    insert_brackets_assignment: 2,
    tray_design_assignment: null,
    submitted_at: submitted,
    submission_completed_by: 1,
    status_id: 4,
    ready_at: new Date(approved.getTime() - day),
    completed_at: approved,
    created_at: submitted,
    updated_at: approved,
  });
  const upper = archStl({ arch: 'maxillary', variant: 2 });
  const lower = archStl({ arch: 'mandibular', variant: 2 });
  const files = [
    {
      type: 1,
      tag: null,
      name: 'Lindqvist, Harper, IOP-2207 scan.zip',
      mime: 'application/zip',
      body: storedZip(
        [
          { name: 'upper.stl', data: upper },
          { name: 'lower.stl', data: lower },
        ],
        submitted,
      ),
    },
    {
      type: 2,
      tag: 'stl_maxillary',
      name: 'Lindqvist, Harper, IOP-2207 upper.stl',
      mime: 'model/stl',
      body: upper,
    },
    {
      type: 2,
      tag: 'stl_mandibular',
      name: 'Lindqvist, Harper, IOP-2207 lower.stl',
      mime: 'model/stl',
      body: lower,
    },
  ] as const;
  const written: string[] = [];
  try {
    const rows = [];
    for (const f of files) {
      const key = `patients/${patient.id}/${randomUUID()}/${f.name}`;
      const { size, sha256 } = await storage.put(key, f.body);
      written.push(key);
      rows.push({
        patient_id: patient.id,
        patient_file_type_id: f.type,
        name: f.name,
        original_name: f.name,
        storage_path: key,
        size_bytes: size,
        sha256,
        mime_type: f.mime,
        tag: f.tag,
        uploaded_by_user_id: options.doctorId,
        created_at: submitted,
        updated_at: submitted,
      });
    }
    const inserted = await db.insertInto('patient_files').values(rows).returning('id').execute();
    await db
      .updateTable('patients')
      .set({ ios_file_id: inserted[0]!.id })
      .where('id', '=', patient.id)
      .execute();
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
  return patient.id;
}
