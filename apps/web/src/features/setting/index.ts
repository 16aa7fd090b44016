/** features/setting's public entry: what the app may import (never its other files). */
export { settingRoutes } from './routes';
