/**
 * Demo libraries for case entry: bracket libraries (with stock), arch wires (the practice's and a
 * built-in one) and a custom bracket set of the demo practice, assigned to its doctor.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export async function seedDemoLibraries(
  db: Kysely<DB>,
  input: { organizationId: number; doctorId: number; createdByUserId: number },
): Promise<void> {
  const libraries = await db
    .insertInto('bracket_libraries')
    .values(
      [
        { label: 'Damon Q2', file_name: 'damon-q2.zip', shelf: 'A', row: '1', column: '1' },
        { label: 'Victory Series', file_name: 'victory-series.zip', shelf: 'A', row: '1', column: '2' },
        { label: 'Empower 2', file_name: 'empower-2.zip', shelf: 'B', row: '2', column: '1', format: 2 },
      ].map((l) => ({
        ...l,
        organization_id: input.organizationId,
        created_by_user_id: input.createdByUserId,
      })),
    )
    .returning('id')
    .execute();
  const stock = [];
  for (const lib of libraries)
    for (const quadrant of [1, 2, 3, 4])
      for (let tooth = 1; tooth <= 8; tooth++)
        stock.push({ bracket_library_id: lib.id, tooth_number: quadrant * 10 + tooth, available: 12 });
  await db.insertInto('bracket_inventory').values(stock).execute();

  await db
    .insertInto('arch_wires')
    .values([
      { organization_id: null, label: 'Standard Ovoid', file_name: 'standard-ovoid.stl' },
      {
        organization_id: input.organizationId,
        label: 'NiTi 0.014',
        file_name: 'niti-014.stl',
        created_by_user_id: input.createdByUserId,
      },
      {
        organization_id: input.organizationId,
        label: 'Stainless 0.019x0.025',
        file_name: 'ss-019x025.stl',
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
