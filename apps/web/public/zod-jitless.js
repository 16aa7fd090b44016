// The portal's Content-Security-Policy forbids eval (script-src 'self'). zod 4 probes `new Function` when
// it builds its first object schema, which the browser reports as a CSP violation even though zod catches
// the refusal; jitless zod never probes. This must hold before any bundled module builds a schema, and
// the bundler does not keep a setting module ahead of shared chunks, so a classic deferred script sets
// zod's global configuration (the object `z.config()` writes; apps/web/src/zod-config.test.ts checks
// that zod still keeps it there) before the app's module script runs.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
