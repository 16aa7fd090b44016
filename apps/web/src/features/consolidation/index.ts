/** features/consolidation's public entry (001 §2 Consolidation). Depends on features/booking, never the other way. */
export { consolidationRoutes } from './routes';
