import { describe, expect, it } from 'vitest';
import {
  bumpedInstallerVersion,
  formatInstallerVersion,
  INSTALLER_MESSAGES,
  InstallerUploadFields,
  installerFileError,
  machineLearningFileError,
  parseInstallerVersion,
  releaseNoteLines,
} from './installers.ts';

describe('installer rules', () => {
  it('a version is three numbers of one or two digits', () => {
    expect(parseInstallerVersion('2.12.8')).toEqual([2, 12, 8]);
    expect(parseInstallerVersion('0.0.0')).toEqual([0, 0, 0]);
    for (const bad of ['2.123.8', '2.12', '2.12.8.1', 'a.b.c', '', '1'.repeat(50) + '.1.1', '-1.2.3'])
      expect(parseInstallerVersion(bad), bad).toBeNull();
    expect(formatInstallerVersion({ v1: 2, v2: 12, v3: 8 })).toBe('2.12.8');
  });

  it('the upload fields give one message per field', () => {
    const r = InstallerUploadFields.safeParse({ version: '1'.repeat(20), release_notes: ' ' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['version', INSTALLER_MESSAGES.versionFormat],
      ['release_notes', 'Required'],
    ]);
  });

  it('files: .exe or .msi for installers, .7z for the machine learning file', () => {
    expect(installerFileError(undefined)).toBe(INSTALLER_MESSAGES.fileRequired);
    expect(installerFileError('Setup.EXE')).toBeNull();
    expect(installerFileError('setup.msi')).toBeNull();
    expect(installerFileError('setup.exe.zip')).toBe(INSTALLER_MESSAGES.unsupportedFormat);
    expect(machineLearningFileError('model.7z')).toBeNull();
    expect(machineLearningFileError('model.zip')).toBe(INSTALLER_MESSAGES.machineLearningFormat);
  });

  it('bump version raises the patch number, up to 99', () => {
    expect(bumpedInstallerVersion({ v1: 2, v2: 12, v3: 8 })).toEqual({ v1: 2, v2: 12, v3: 9 });
    expect(bumpedInstallerVersion({ v1: 2, v2: 12, v3: 99 })).toBeNull();
  });

  it('release notes keep their line breaks', () => {
    expect(releaseNoteLines('a\nb\r\nc')).toEqual(['a', 'b', 'c']);
  });
});
