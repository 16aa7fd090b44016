/** features/notification's public entry: what the app and other features may import (never its other files). */
export { FollowButton, type FollowButtonProps } from './follow-button';
export { NotificationBellWidget } from './notification-bell';
export { notificationRoutes } from './routes';
