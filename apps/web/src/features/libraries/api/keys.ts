/** Query keys of the libraries feature: invalidating a library list key refreshes its rows. */
export const LIBRARIES_KEY = ['libraries'] as const;
export const bracketLibrariesKey = (organizationId: number) =>
  [...LIBRARIES_KEY, 'bracket', organizationId] as const;
export const bracketInventoryKey = (organizationId: number, libraryId: number) =>
  [...bracketLibrariesKey(organizationId), libraryId, 'inventory'] as const;
export const bracketChangelogKey = (organizationId: number, libraryId: number, page: number) =>
  [...bracketLibrariesKey(organizationId), libraryId, 'changelog', page] as const;
export const assignableMembersKey = (organizationId: number, kind: LibraryKind) =>
  [...LIBRARIES_KEY, kind, organizationId, 'members'] as const;
export const archWiresKey = (organizationId: number) =>
  [...LIBRARIES_KEY, 'arch-wire', organizationId] as const;

export type LibraryKind = 'bracket' | 'arch-wire';
/** The API path of a kind of library under an organization. */
export const libraryPath = (organizationId: number, kind: LibraryKind) =>
  `/organizations/${organizationId}/${kind === 'bracket' ? 'bracket-libraries' : 'arch-wires'}`;
export const customSetsKey = (organizationId: number) =>
  [...LIBRARIES_KEY, 'custom-sets', organizationId] as const;
export const customSetsPath = (organizationId: number) =>
  `/organizations/${organizationId}/custom-bracket-sets`;
