import type { ComponentType } from 'react';

let registered: ComponentType | null = null;

/**
 * The notifications feature puts its bell here (app/feature-routes.ts), so the shell never imports a
 * feature. A module of its own, without the default bell's antd pieces: the app's entry imports it, and
 * whatever it imports is loaded by every first screen, /login included (issue 20).
 */
export function registerNotificationBell(component: ComponentType) {
  registered = component;
}

/** The registered bell, or null when no feature provides one. */
export const registeredNotificationBell = (): ComponentType | null => registered;
