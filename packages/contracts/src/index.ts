export * from './http.ts';
export * from './roles.ts';
export * from './realtime.ts';
export * from './permissions.ts';
export * from './role-matrix.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './users.ts';
