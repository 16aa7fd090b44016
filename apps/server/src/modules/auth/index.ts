/** The auth module's public entry: what other modules, app.ts and the seeds may use. */
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
