/** The Page Not Found shown while FEATURE_EMAIL_TEMPLATES is off (the same page as an unknown path). */
export { NotFoundPage as default } from '../errors';
