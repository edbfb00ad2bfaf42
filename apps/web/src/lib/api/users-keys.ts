/** Query keys of the users feature: invalidating USERS_KEY refreshes every users query. */
export const USERS_KEY = ['users'] as const;
