/** features/role's public entry: what the app and other features may import (never its other files). */
export { roleRoutes } from './routes';
