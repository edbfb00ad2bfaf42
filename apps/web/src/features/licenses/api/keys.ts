/** Query keys of the licenses feature: invalidating LICENSES_KEY refreshes every licenses query. */
export const LICENSES_KEY = ['licenses'] as const;
