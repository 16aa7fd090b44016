/** The rate module's public entry: what other modules, app.ts and the seeds may use. */
export { rateRepository } from './rate.repository';
export { rateRoutes } from './rate.routes';
export { seedDemoRates } from './rate.seed';
export { rateContainers, rates } from './rate.tables';
