/** features/carrier-analytics' public entry: the carrier contract (MQC) maintenance screen's route. */
export { carrierAnalyticsRoutes } from './routes';
