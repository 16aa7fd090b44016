export { throttledExpiryAlert } from './expiry-alert';
export * from './landing';
export * from './session-actions';
export { type SessionSnapshot, sessionStore } from './session-store';
export { readJson, STORAGE_KEYS } from './storage-keys';
export { decodeClaims, formatCountdown, secondsLeft } from './token-claims';
export { hasFuncIn, type Session, useSession, useSessionSnapshot } from './use-session';
export { useUserModules } from './use-user-modules';
