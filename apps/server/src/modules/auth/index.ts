/** The auth module's public entry: what other modules, app.ts and the seeds may use. */

// The preference module answers saved preferences as the login answer lists them.
export { presentPreference } from './auth.presenter';
export { authRoutes } from './auth.routes';
export {
  funcs,
  partyAccesses,
  profileTypes,
  roleFuncs,
  roles,
  sessions,
  userProfiles,
  users,
} from './auth.tables';
export { checkPasswordPolicy, policyError } from './password-policy';
export { userPreferences } from './user-preference.tables';
