/** features/public-docs's public entry: what the app and other features may import (never its other files). */
export { PublicDocsLink } from './public-docs-link';
export { publicDocsRoutes } from './routes';
