export * from './http.ts';
export * from './roles.ts';
