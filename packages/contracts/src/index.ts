export * from './http.ts';
export * from './roles.ts';
export * from './realtime.ts';
