import {
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_MESSAGES,
  extensionError,
  zipSizeError,
  type PatientFileTypeId,
} from '@archline/contracts/patient-files';

export interface CandidateFile {
  name: string;
  size: number;
}

export interface SectionState {
  type: PatientFileTypeId;
  /** Section title, for the limit message. */
  name: string;
  maxFiles: number;
  /** original_name of the files already in the section. */
  existingNames: readonly string[];
}

/**
 * Checks each picked file before anything is sent: accepted extension (or zip rules), zip size,
 * empty files, duplicate names (in the section and among the picked ones), the section's file
 * limit and the per-upload maximum. Returns one message per file, null when it may be uploaded.
 * The server checks all of this again.
 */
export function checkCandidates(section: SectionState, files: readonly CandidateFile[]): (string | null)[] {
  const taken = new Set(section.existingNames.map((n) => n.toLowerCase()));
  let count = section.existingNames.length;
  let accepted = 0;
  return files.map((file) => {
    const problem =
      extensionError(section.type, file.name) ??
      (file.size === 0 ? PATIENT_FILE_MESSAGES.emptyFile : null) ??
      zipSizeError(file.name, file.size) ??
      (file.size > PATIENT_FILE_LIMITS.maxUploadBytes ? PATIENT_FILE_MESSAGES.tooLarge : null) ??
      (taken.has(file.name.toLowerCase()) ? PATIENT_FILE_MESSAGES.duplicateName : null) ??
      (count >= section.maxFiles
        ? PATIENT_FILE_MESSAGES.tooManyFiles(section.maxFiles, section.name)
        : null) ??
      (accepted >= PATIENT_FILE_LIMITS.defaultMaxFiles
        ? PATIENT_FILE_MESSAGES.tooManyFiles(PATIENT_FILE_LIMITS.defaultMaxFiles, section.name)
        : null);
    if (problem) return problem;
    taken.add(file.name.toLowerCase());
    count += 1;
    accepted += 1;
    return null;
  });
}
