import { PATIENT_FILE_MESSAGES, PATIENT_FILE_LIMITS } from '@archline/contracts/patient-files';
import { describe, expect, it } from 'vitest';
import { checkCandidates, type SectionState } from './upload-checks.ts';

const stl: SectionState = { type: 2, name: 'STL Files', maxFiles: 3, existingNames: ['Upper.stl'] };

describe('checkCandidates', () => {
  it('accepts files of the section and refuses other extensions', () => {
    expect(
      checkCandidates(stl, [
        { name: 'lower.stl', size: 10 },
        { name: 'photo.jpg', size: 10 },
      ]),
    ).toEqual([null, PATIENT_FILE_MESSAGES.invalidExtension]);
  });

  it('when a name exists in the section (any case) or twice in the pick, says so', () => {
    expect(
      checkCandidates(stl, [
        { name: 'UPPER.STL', size: 10 },
        { name: 'a.stl', size: 10 },
        { name: 'A.stl', size: 10 },
      ]),
    ).toEqual([PATIENT_FILE_MESSAGES.duplicateName, null, PATIENT_FILE_MESSAGES.duplicateName]);
  });

  it('skips empty files and refuses zips under the minimum size', () => {
    expect(
      checkCandidates(stl, [
        { name: 'empty.stl', size: 0 },
        { name: 'scans.zip', size: PATIENT_FILE_LIMITS.zipMinBytes - 1 },
        { name: 'big.zip', size: PATIENT_FILE_LIMITS.zipMinBytes },
      ]),
    ).toEqual([PATIENT_FILE_MESSAGES.emptyFile, PATIENT_FILE_MESSAGES.zipTooSmall, null]);
  });

  it('refuses what would pass the section limit', () => {
    expect(
      checkCandidates(stl, [
        { name: 'a.stl', size: 1 },
        { name: 'b.stl', size: 1 },
        { name: 'c.stl', size: 1 },
      ]),
    ).toEqual([null, null, PATIENT_FILE_MESSAGES.tooManyFiles(3, 'STL Files')]);
  });

  it('IOS files must be zipped', () => {
    expect(
      checkCandidates({ type: 1, name: 'IOS Files', maxFiles: 100, existingNames: [] }, [
        { name: 'scan.stl', size: 10 },
      ]),
    ).toEqual([PATIENT_FILE_MESSAGES.mustBeZipped]);
  });
});
