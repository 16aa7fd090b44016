/** E-signatures of users (issue 14): what other modules may use. */
export { signatureRoutes } from './signature.routes';
export { signatureService } from './signature.service';
export { demoSignaturePng, encodePng } from './signature-image';
