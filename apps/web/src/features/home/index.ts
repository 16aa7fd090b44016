/** features/home's public entry: what the app may import (never its other files). */
export { homeRoutes } from './routes';
