/** features/sailing-schedule's public entry: what the app and other features may import (never its other files). */
export { sailingScheduleRoutes } from './routes';
