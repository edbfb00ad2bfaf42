/**
 * Demo libraries for case entry and the Brackets section: bracket libraries (with stock, one of
 * them low, one hidden, with files to download when a storage is given and a changelog), arch
 * wires (the practice's and a built-in one) and a custom bracket set of the demo practice,
 * assigned to its doctor.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { archStl, storedZip } from './demo-files.ts';
import type { DemoFileStore } from './demo-patients.ts';

export async function seedDemoLibraries(
  db: Kysely<DB>,
  input: {
    organizationId: number;
    doctorId: number;
    createdByUserId: number;
    /** Where the library files go; without it the libraries have no file to download. */
    storage?: DemoFileStore;
  },
): Promise<void> {
  const written: string[] = [];
  /** Writes a library's bytes and returns the key its row names. */
  async function file(name: string, body: () => Buffer): Promise<string | null> {
    if (!input.storage) return null;
    const key = `libraries/${input.organizationId}/${crypto.randomUUID()}/${name}`;
    await input.storage.put(key, body());
    written.push(key);
    return key;
  }
  const zipOf = (name: string, variant: number) => () =>
    storedZip([{ name: name.replace(/\.zip$/, '.stl'), data: archStl({ arch: 'maxillary', variant }) }]);
  try {
    await seedRows();
  } catch (err) {
    await Promise.all(written.map((key) => input.storage!.delete(key).catch(() => undefined)));
    throw err;
  }

  async function seedRows() {
    const definitions = [
      { label: 'Damon Q2', file_name: 'damon-q2.zip', shelf: 'A', row: '1', column: '1' },
      {
        label: 'Victory Series',
        file_name: 'victory-series.zip',
        shelf: 'A',
        row: '1',
        column: '2',
        low_stock_threshold: 10,
      },
      { label: 'Empower 2', file_name: 'empower-2.zip', shelf: 'B', row: '2', column: '1', format: 2 },
      { label: 'Clarity Advanced', file_name: 'clarity-advanced.zip', shelf: 'C', hidden_at: new Date() },
    ];
    const values = [];
    for (const [i, l] of definitions.entries())
      values.push({
        ...l,
        storage_path: await file(l.file_name, zipOf(l.file_name, i)),
        organization_id: input.organizationId,
        created_by_user_id: input.createdByUserId,
      });
    const libraries = await db.insertInto('bracket_libraries').values(values).returning('id').execute();
    const victory = libraries[1]!.id;
    // Victory Series runs low on the upper canines (threshold 10).
    const lowTeeth: Record<number, number> = { 13: 4, 23: 6 };
    const stock = [];
    for (const lib of libraries)
      for (const quadrant of [1, 2, 3, 4])
        for (let tooth = 1; tooth <= 8; tooth++) {
          const code = quadrant * 10 + tooth;
          const available = lib.id === victory ? (lowTeeth[code] ?? 14) : 12;
          stock.push({ bracket_library_id: lib.id, tooth_number: code, available });
        }
    await db.insertInto('bracket_inventory').values(stock).execute();
    await db
      .insertInto('bracket_inventory_changelog')
      .values([
        {
          bracket_library_id: victory,
          user_id: input.createdByUserId,
          reason: 'Initial stock count.',
          changes: JSON.stringify([{ tooth_number: 'UR3', before: 0, after: 12, diff: 12 }]),
          created_at: new Date(Date.now() - 3 * 86_400_000),
        },
        {
          bracket_library_id: victory,
          user_id: input.createdByUserId,
          reason: 'Used for two bonding appointments.',
          changes: JSON.stringify([
            { tooth_number: 'UR3', before: 12, after: 4, diff: -8 },
            { tooth_number: 'UL3', before: 12, after: 6, diff: -6 },
          ]),
          created_at: new Date(Date.now() - 86_400_000),
        },
      ])
      .execute();

    await db
      .insertInto('arch_wires')
      .values([
        { organization_id: null, label: 'Standard Ovoid', file_name: 'standard-ovoid.stl' },
        {
          organization_id: input.organizationId,
          label: 'NiTi 0.014',
          file_name: 'niti-014.stl',
          storage_path: await file('niti-014.stl', () => archStl({ arch: 'maxillary', variant: 1 })),
          created_by_user_id: input.createdByUserId,
        },
        {
          organization_id: input.organizationId,
          label: 'Stainless 0.019x0.025',
          file_name: 'ss-019x025.stl',
          storage_path: await file('ss-019x025.stl', () => archStl({ arch: 'mandibular', variant: 2 })),
          created_by_user_id: input.createdByUserId,
        },
      ])
      .execute();

    const set = await db
      .insertInto('custom_bracket_sets')
      .values({
        organization_id: input.organizationId,
        name: 'Dr. Dana Mixed Set',
        created_by_user_id: input.createdByUserId,
        // Made by the lab: listed in the organization page's Custom Sets tab.
        created_by_management: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teeth = [];
    for (const quadrant of [1, 2, 3, 4])
      for (let tooth = 1; tooth <= 7; tooth++)
        teeth.push({
          custom_bracket_set_id: set.id,
          tooth_number: quadrant * 10 + tooth,
          bracket_library_id: tooth <= 3 ? libraries[0]!.id : libraries[1]!.id,
          height: tooth <= 3 ? 4.5 : 4,
        });
    await db.insertInto('custom_bracket_set_teeth').values(teeth).execute();
    await db
      .insertInto('custom_bracket_set_user')
      .values({ custom_bracket_set_id: set.id, user_id: input.doctorId })
      .execute();
  }
}
