// The web app's lazy entry ('@portal/contracts/schemas', package.json "exports"): every contracts module, loaded
// on a form's first check so that a page's first load holds no zod (issue 20, web shared/form/lazy-schema.ts).
// It re-exports the index, so a new module is listed once, in index.ts (issue 41; entries.test.ts checks that
// every module is reachable from it). The bundler still keeps the two entries apart: a page's static import
// of '@portal/contracts' keeps only what the page uses, and this entry's chunk holds the rest (the web build
// was byte for byte the same as with the two hand-kept lists this replaced, session 49).
export * from './index';
