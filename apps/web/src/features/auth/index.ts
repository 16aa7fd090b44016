/** features/auth's public entry: what the app and other features may import (never its other files). */
export { confirmPasswordRules, newPasswordRules, usePasswordConfig } from './password-config';
export { authRoutes } from './routes';
