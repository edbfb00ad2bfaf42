// Runs before the app's modules: the schema library (zod) parses without generating code, so it
// never probes `new Function`, which the Content Security Policy forbids (no 'unsafe-eval').
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
