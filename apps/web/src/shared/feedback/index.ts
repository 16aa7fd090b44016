export {
  type ConfirmArgs,
  type MessageApi,
  type ModalApi,
  message,
  modal,
  type NoticeArgs,
  type NotificationApi,
  notification,
  resetFeedback,
  useApp,
} from './feedback-store';
