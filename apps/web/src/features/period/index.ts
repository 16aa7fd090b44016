/** features/period's public entry: what the app and other features may import (never its other files). */
export { periodRoutes } from './routes';
