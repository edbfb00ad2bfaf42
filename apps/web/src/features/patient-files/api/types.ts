/** The props the patient-details page passes to the files section. */
export interface FilesPatient {
  id: number;
  organization_id: number;
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
  deleted_at: string | null;
  has_ios_file: boolean;
  ios_file_id: number | null;
}
