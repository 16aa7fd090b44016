/** features/email-template's public entry: what the app and other features may import (never its other files). */
export { emailTemplateRoutes } from './routes';
