/** features/sopms's public entry: what the app and other features may import (never its other files). */
export { sopmsRoutes } from './routes';
export { isSopmsRefusal, SopmsCheckButton, useSopmsGuard } from './sopms-lazy';
