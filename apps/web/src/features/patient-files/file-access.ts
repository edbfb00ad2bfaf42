import {
  IMAGE_FILE_TYPES,
  canDeleteFileByRole,
  canUploadFileByRole,
  reluFlagAllowed,
  reluReprocessAllowed,
  type PatientFile,
  type PatientFilesResponse,
  type PatientFileTypeId,
} from '@archline/contracts/patient-files';
import { profileOf } from '@archline/contracts/roles';
import { roleNames, type MeUser } from '../../session/me.ts';

/**
 * What the user may do in the files section: the server's permission gates for this patient
 * (`permissions` of GET /patients/{id}/files) combined with the role rules of the contracts. The
 * server refuses the same actions; this only hides what it would refuse.
 */
export interface FileAccess {
  upload: (type: PatientFileTypeId, tag?: PatientFile['tag']) => boolean;
  remove: (file: PatientFile) => boolean;
  seesRelu: boolean;
  flagRelu: (file: PatientFile) => boolean;
  reprocessRelu: (file: PatientFile) => boolean;
  /** Management tags STL uploads with their arch. */
  tagsArches: boolean;
}

export function fileAccess(user: MeUser, data: PatientFilesResponse, archived: boolean): FileAccess {
  const roles = roleNames(user);
  const { permissions } = data;
  const patientHasIos = data.has_ios_file;
  return {
    upload: (type, tag = null) =>
      !archived && permissions.can_upload && canUploadFileByRole({ roles, type, tag, patientHasIos }),
    remove: (file) =>
      !archived &&
      permissions.can_delete &&
      canDeleteFileByRole({
        roles,
        type: file.patient_file_type_id as PatientFileTypeId,
        tag: file.tag,
        patientHasIos,
      }),
    seesRelu: permissions.sees_relu,
    flagRelu: (file) =>
      permissions.sees_relu &&
      permissions.can_relu_flag &&
      reluFlagAllowed({ relu_status: file.relu_status ?? null }),
    reprocessRelu: (file) =>
      permissions.sees_relu &&
      permissions.can_relu_reprocess &&
      reluReprocessAllowed({ relu_status: file.relu_status ?? null, tag: file.tag }),
    tagsArches: profileOf(roles) === 'management',
  };
}

export function isImageType(type: number): boolean {
  return (IMAGE_FILE_TYPES as readonly number[]).includes(type);
}
