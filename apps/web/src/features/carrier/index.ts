/** features/carrier's public entry: what the app and other features may import (never its other files). */
export { carrierRoutes } from './routes';
