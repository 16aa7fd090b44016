/** features/notification's public entry: what the app and other features may import (never its other files). */
import { createElement, lazy, Suspense } from 'react';

export { FollowButton, type FollowButtonProps } from './follow-button';
export { type LiveDocumentOptions, LiveStaleNotice, useLiveDocument } from './live-document';
export { notificationRoutes } from './routes';

// Loaded when the shell shows the header, not with the app's entry: the bell's drawer, list, socket and
// contracts stay out of the first screen's JavaScript (/login, issue 20).
const Bell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBellWidget })));

/**
 * The header's notification bell; while its code loads, an empty space of the bell's size (no antd here: the
 * app's entry registers this widget, and /login must not load antd).
 */
export function NotificationBellWidget() {
  return createElement(
    Suspense,
    { fallback: createElement('span', { style: { display: 'inline-block', width: 32, height: 32 } }) },
    createElement(Bell),
  );
}
