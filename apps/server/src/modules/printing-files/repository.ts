import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { PRINTING_FILE_TYPES, type PrintingFile, type PrintingFileOrderColumn } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

/** SQL of the printing files list: one statement per page, its total carried on every row. */

type Db = Kysely<DB>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const ORDER: Record<PrintingFileOrderColumn, RawBuilder<unknown>> = {
  user: sql`lower(u.first_name || ' ' || u.last_name)`,
  patient: sql`lower(p.first_name || ' ' || p.last_name)`,
  case_number: sql`lower(p.case_number_text)`,
  type: sql`t.name`,
  original_name: sql`lower(f.original_name)`,
  name: sql`lower(f.name)`,
  file_modification_date: sql`f.file_modification_date`,
  updated_at: sql`f.updated_at`,
};

export interface PrintingFileFilter {
  searchByUser?: string;
  searchByPatient?: string;
  orderBy: PrintingFileOrderColumn;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
  /** The patient scope of the caller, as a condition on `p`. */
  scope: RawBuilder<SqlBool>;
}

interface Row {
  id: string | number;
  name: string;
  original_name: string;
  file_modification_date: Date | null;
  updated_at: Date;
  patient_id: string | number;
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
  user_id: string | number | null;
  user_first_name: string | null;
  user_last_name: string | null;
  type_id: number;
  type_name: string;
  total_count: string | number;
}

function toItem(r: Row): PrintingFile {
  return {
    id: Number(r.id),
    name: r.name,
    original_name: r.original_name,
    file_modification_date: r.file_modification_date
      ? new Date(r.file_modification_date).toISOString()
      : null,
    updated_at: new Date(r.updated_at).toISOString(),
    patient: {
      id: Number(r.patient_id),
      full_name: `${r.first_name} ${r.last_name}`,
      case_number_text: r.case_number_text,
      numeric_suffix: r.numeric_suffix,
      user:
        r.user_id === null
          ? null
          : {
              id: Number(r.user_id),
              full_name: `${r.user_first_name ?? ''} ${r.user_last_name ?? ''}`.trim(),
            },
    },
    patient_file_type: { id: r.type_id, name: r.type_name },
  };
}

/**
 * One page of the IOS and STL files of the patients in scope (hidden files and technician backups
 * left out), searched by the doctor's name and by the patient's name or case number.
 */
export async function listPrintingFiles(db: Db, f: PrintingFileFilter) {
  const conds: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`f.patient_file_type_id in (${sql.join([...PRINTING_FILE_TYPES])})`,
    sql<SqlBool>`f.hidden = false`,
    sql<SqlBool>`(f.tag is null or f.tag <> 'tech_backup')`,
    f.scope,
  ];
  if (f.searchByUser)
    conds.push(
      sql<SqlBool>`(u.first_name || ' ' || u.last_name) ilike ${'%' + escapeLike(f.searchByUser) + '%'}`,
    );
  if (f.searchByPatient)
    conds.push(sql<SqlBool>`p.search_name ilike ${'%' + escapeLike(f.searchByPatient) + '%'}`);
  const direction = f.order === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<Row>`
    select f.id, f.name, f.original_name, f.file_modification_date, f.updated_at,
      p.id as patient_id, p.first_name, p.last_name, p.case_number_text, p.numeric_suffix,
      u.id as user_id, u.first_name as user_first_name, u.last_name as user_last_name,
      t.id as type_id, t.name as type_name,
      count(*) over () as total_count
    from patient_files f
    join patients p on p.id = f.patient_id
    join patient_file_types t on t.id = f.patient_file_type_id
    left join users u on u.id = p.user_id
    where ${sql.join(conds, sql` and `)}
    order by ${ORDER[f.orderBy]} ${direction} nulls last, f.id ${direction}
    limit ${f.perPage} offset ${(f.page - 1) * f.perPage}`.execute(db);
  return { rows: rows.map(toItem), total: rows.length ? Number(rows[0]!.total_count) : -1 };
}
