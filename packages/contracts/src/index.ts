export * from './http.ts';
