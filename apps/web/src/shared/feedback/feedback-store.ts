import type { ReactNode } from 'react';

/**
 * The app's toasts, notices and confirmation dialogs (issue 20: antd's App, with its message, notification and
 * modal hooks, weighed about 22 KB gzipped on every screen). One store outside React: `useApp()` hands out the
 * same functions everywhere, and `FeedbackHost` renders what is in the store. The calls follow antd's API for
 * the part the app uses, so a screen switches by changing its import.
 */

export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';
type Key = string | number;

export interface Toast {
  id: number;
  key?: Key;
  type: ToastType;
  content: ReactNode;
  /** Seconds; 0 stays until replaced or closed. */
  duration: number;
}

export interface Notice {
  id: number;
  key?: Key;
  type?: Exclude<ToastType, 'loading'>;
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  duration: number;
  placement: 'topRight' | 'bottomRight';
  props?: Record<string, unknown>;
  onClose?: () => void;
}

export interface ConfirmButtonProps {
  danger?: boolean;
  id?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

export interface ConfirmArgs {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  okButtonProps?: ConfirmButtonProps;
  cancelButtonProps?: ConfirmButtonProps;
  /** A promise keeps the dialog open, its OK button busy, until it settles; a rejection keeps it open. */
  onOk?: () => unknown;
  onCancel?: () => void;
}

export interface Dialog extends ConfirmArgs {
  id: number;
  /** An error or information box has one button. */
  kind: 'confirm' | 'error' | 'info' | 'warning' | 'success';
}

interface State {
  toasts: readonly Toast[];
  notices: readonly Notice[];
  dialogs: readonly Dialog[];
}

let state: State = { toasts: [], notices: [], dialogs: [] };
const listeners = new Set<() => void>();
let nextId = 1;

const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const feedbackStore = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => state,
};

/** A toast or notice with the same key replaces the earlier one in place (antd's `key`). */
function upsert<T extends { id: number; key?: Key }>(list: readonly T[], item: T): T[] {
  const at = item.key === undefined ? -1 : list.findIndex((x) => x.key === item.key);
  if (at < 0) return [...list, item];
  const copy = [...list];
  copy[at] = { ...item, id: list[at].id };
  return copy;
}

export function removeToast(id: number) {
  set({ toasts: state.toasts.filter((x) => x.id !== id) });
}

export function removeNotice(id: number) {
  const n = state.notices.find((x) => x.id === id);
  set({ notices: state.notices.filter((x) => x.id !== id) });
  n?.onClose?.();
}

export function removeDialog(id: number) {
  set({ dialogs: state.dialogs.filter((x) => x.id !== id) });
}

interface MessageArgs {
  content: ReactNode;
  duration?: number;
  key?: Key;
}

const DEFAULT_TOAST_SECONDS = 3;
const DEFAULT_NOTICE_SECONDS = 4.5;

function openToast(type: ToastType, args: MessageArgs): () => void {
  const toast: Toast = {
    id: nextId++,
    key: args.key,
    type,
    content: args.content,
    duration: args.duration ?? DEFAULT_TOAST_SECONDS,
  };
  const toasts = upsert(state.toasts, toast);
  set({ toasts });
  const id = toast.key === undefined ? toast.id : toasts.find((x) => x.key === toast.key)?.id;
  return () => {
    if (id !== undefined) removeToast(id);
  };
}

const shortcut =
  (type: ToastType) =>
  (content: ReactNode | MessageArgs, duration?: number): (() => void) =>
    isArgs(content) ? openToast(type, content) : openToast(type, { content, duration });

function isArgs(x: unknown): x is MessageArgs {
  return typeof x === 'object' && x !== null && 'content' in x && !('$$typeof' in x);
}

export const message = {
  open: (args: MessageArgs & { type: ToastType }) => openToast(args.type, args),
  success: shortcut('success'),
  error: shortcut('error'),
  info: shortcut('info'),
  warning: shortcut('warning'),
  loading: shortcut('loading'),
  destroy(key?: Key) {
    set({ toasts: key === undefined ? [] : state.toasts.filter((x) => x.key !== key) });
  },
};

export interface NoticeArgs {
  key?: Key;
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Seconds; 0 or null stays until closed. */
  duration?: number | null;
  placement?: 'topRight' | 'bottomRight';
  /** Attributes of the notice's box (a data-testid). */
  props?: Record<string, unknown>;
  onClose?: () => void;
}

function openNotice(type: Notice['type'], args: NoticeArgs) {
  set({
    notices: upsert(state.notices, {
      id: nextId++,
      key: args.key,
      type,
      title: args.title,
      description: args.description,
      actions: args.actions,
      duration: args.duration ?? DEFAULT_NOTICE_SECONDS,
      placement: args.placement ?? 'topRight',
      props: args.props,
      onClose: args.onClose,
    }),
  });
}

export const notification = {
  open: (args: NoticeArgs) => openNotice(undefined, args),
  success: (args: NoticeArgs) => openNotice('success', args),
  error: (args: NoticeArgs) => openNotice('error', args),
  info: (args: NoticeArgs) => openNotice('info', args),
  warning: (args: NoticeArgs) => openNotice('warning', args),
  destroy(key?: Key) {
    const gone = state.notices.filter((x) => key === undefined || x.key === key);
    set({ notices: state.notices.filter((x) => !gone.includes(x)) });
    for (const n of gone) n.onClose?.();
  },
};

function openDialog(kind: Dialog['kind'], args: ConfirmArgs) {
  const id = nextId++;
  set({ dialogs: [...state.dialogs, { ...args, id, kind }] });
  return { destroy: () => removeDialog(id) };
}

export const modal = {
  confirm: (args: ConfirmArgs) => openDialog('confirm', args),
  error: (args: ConfirmArgs) => openDialog('error', args),
  info: (args: ConfirmArgs) => openDialog('info', args),
  warning: (args: ConfirmArgs) => openDialog('warning', args),
  success: (args: ConfirmArgs) => openDialog('success', args),
};

export type MessageApi = typeof message;
export type NotificationApi = typeof notification;
export type ModalApi = typeof modal;

const api = { message, notification, modal };

/** antd's `App.useApp()` for the app's own toasts, notices and confirmation dialogs. */
export const useApp = () => api;

/** Clears everything (tests). */
export function resetFeedback() {
  set({ toasts: [], notices: [], dialogs: [] });
}
