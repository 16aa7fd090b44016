/** The cargo platform module's public entry: what app.ts may use. */
export { cargoPlatformRoutes } from './cargo-platform.routes';
