import { z } from 'zod';
import { camelPagingQuery, PaginationMeta } from './users.ts';
import { PATIENT_FILE_TYPES } from './patient-files.ts';

/**
 * Printing files: the staff list of the 3D files the lab prints from, across every case.
 * Spec: document 3 sections 2.19, 3 (Printing file), 7 (Printing files).
 *
 * Endpoint (base /services/api/v2, bearer token; management with printing-files.view):
 * - GET /printing-files   ListPrintingFilesQuery → ListPrintingFilesResponse
 * A file is downloaded with the patient files' signed link (GET /patient_files/{id}/download_link).
 */

/** The file types printed from: the IOS file (the technician's setup) and the STL arch models. */
export const PRINTING_FILE_TYPES = [PATIENT_FILE_TYPES.ios, PATIENT_FILE_TYPES.stl] as const;

export const PRINTING_FILES_DEFAULT_PAGE_SIZE = 15;
export const PRINTING_FILES_MAX_PAGE_SIZE = 100;

export const PRINTING_FILE_ORDER_COLUMNS = [
  'user',
  'patient',
  'case_number',
  'type',
  'original_name',
  'name',
  'file_modification_date',
  'updated_at',
] as const;
export type PrintingFileOrderColumn = (typeof PRINTING_FILE_ORDER_COLUMNS)[number];

export const PRINTING_FILE_MESSAGES = {
  title: 'Printing Files',
  searchByUser: 'Search by User',
  searchByPatient: 'Search by Patient',
  empty: 'No printing files found.',
  download: 'Download',
  downloadFailed: 'The file could not be downloaded, please try again.',
} as const;

const search = () => z.string().trim().max(255, 'The search must contain max 255 characters.').optional();

export const ListPrintingFilesQuery = z.object({
  searchByUser: search(),
  searchByPatient: search(),
  orderBy: z
    .enum(PRINTING_FILE_ORDER_COLUMNS, {
      error: `The order by must be one of ${PRINTING_FILE_ORDER_COLUMNS.join(', ')}.`,
    })
    .default('updated_at'),
  order: z.enum(['asc', 'desc'], { error: 'The order must be asc or desc.' }).default('desc'),
  ...camelPagingQuery(PRINTING_FILES_DEFAULT_PAGE_SIZE, PRINTING_FILES_MAX_PAGE_SIZE),
});
export type ListPrintingFilesQuery = z.input<typeof ListPrintingFilesQuery>;

/** Printing file: the patient (with its doctor), the file type, names and dates. */
export const PrintingFile = z.object({
  id: z.number().int(),
  name: z.string(),
  original_name: z.string(),
  file_modification_date: z.string().nullable(),
  updated_at: z.string(),
  patient: z.object({
    id: z.number().int(),
    full_name: z.string(),
    case_number_text: z.string().nullable(),
    numeric_suffix: z.number().int().nullable(),
    user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  }),
  patient_file_type: z.object({ id: z.number().int(), name: z.string() }),
});
export type PrintingFile = z.infer<typeof PrintingFile>;

export const ListPrintingFilesResponse = z.object({
  data: z.array(PrintingFile),
  total: z.number().int(),
  meta: PaginationMeta,
});
export type ListPrintingFilesResponse = z.infer<typeof ListPrintingFilesResponse>;
