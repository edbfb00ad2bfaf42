import { z } from 'zod';

/**
 * Users. Spec: document 1 sections 3, 6, 7; document 3 sections 2.8, 6, 7.
 * (Custom permissions first; the other user schemas join this file.)
 */

export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** One row of the user page's "Additional User Permissions" list. */
export const CustomPermissionItem = z.object({
  permission: z.string(),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type CustomPermissionItem = z.infer<typeof CustomPermissionItem>;

/** GET /users/{id}/custom_permissions */
export const CustomPermissionsResponse = z.object({ data: z.array(CustomPermissionItem) });
export type CustomPermissionsResponse = z.infer<typeof CustomPermissionsResponse>;

export const CUSTOM_PERMISSION_MESSAGES = {
  required: 'The permission field is required.',
  invalid: 'The selected permission is invalid.',
  enabled: 'Custom permission enabled.',
  disabled: 'Custom permission disabled.',
  /** Empty state of the list on the user page. */
  empty: 'No custom permissions found.',
} as const;

/** PUT /users/{id}/toggle_custom_permission */
export const ToggleCustomPermissionRequest = z.object({
  permission: z
    .string({ error: CUSTOM_PERMISSION_MESSAGES.required })
    .trim()
    .min(1, { error: CUSTOM_PERMISSION_MESSAGES.required }),
});
export type ToggleCustomPermissionRequest = z.infer<typeof ToggleCustomPermissionRequest>;

export const ToggleCustomPermissionResponse = z.object({
  message: z.string(),
  permission: CustomPermissionItem,
});
export type ToggleCustomPermissionResponse = z.infer<typeof ToggleCustomPermissionResponse>;
