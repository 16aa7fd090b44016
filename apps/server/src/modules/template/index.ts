/** The template module's public entry: what app.ts and the seeds may use. */
export { templateRoutes } from './template.routes';
export { seedDemoTemplates } from './template.seed';
export { templateAdded, templateFavourites, templateLines, templates } from './template.tables';
