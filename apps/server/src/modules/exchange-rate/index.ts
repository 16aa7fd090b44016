/** The exchange-rate module's public entry: what other modules, app.ts and the seeds may use. */
export { exchangeRateRoutes } from './exchange-rate.routes';
export { seedDemoExchangeRates } from './exchange-rate.seed';
export { rateOn } from './exchange-rate.service';
export { exchangeRates } from './exchange-rate.tables';
