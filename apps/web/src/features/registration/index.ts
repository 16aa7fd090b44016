/** features/registration's public entry: what the app and other features may import (never its other files). */
export { RegisterLink } from './register-link';
export { registrationRoutes } from './routes';
