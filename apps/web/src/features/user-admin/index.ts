/** features/user-admin's public entry: what the app and other features may import (never its other files). */
export { userAdminRoutes } from './routes';
