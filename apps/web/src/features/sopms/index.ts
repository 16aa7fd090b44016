/** features/sopms's public entry: what the app and other features may import (never its other files). */
export { sopmsRoutes } from './routes';
export { SopmsCheckButton } from './sopms-check-button';
export { isSopmsRefusal, useSopmsGuard } from './sopms-violations';
