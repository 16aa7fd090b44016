/** features/notification's public entry: what the app and other features may import (never its other files). */
import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { createElement, lazy, Suspense } from 'react';

export { FollowButton, type FollowButtonProps } from './follow-button';
export { notificationRoutes } from './routes';

// Loaded when the shell shows the header, not with the app's entry: the bell's drawer, list, socket and
// contracts stay out of the first screen's JavaScript (/login, issue 20).
const Bell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBellWidget })));

/** The header's notification bell (a disabled bell while its code loads). */
export function NotificationBellWidget() {
  return createElement(
    Suspense,
    {
      fallback: createElement(Button, {
        type: 'text',
        shape: 'circle',
        icon: createElement(BellOutlined),
        disabled: true,
      }),
    },
    createElement(Bell),
  );
}
