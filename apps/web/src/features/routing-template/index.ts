/** features/routing-template's public entry: what the app and other features may import (never its other files). */
export { routingTemplateRoutes } from './routes';
