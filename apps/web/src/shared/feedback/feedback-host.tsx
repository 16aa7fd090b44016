import { type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../plain/plain-button';
import {
  type Dialog,
  feedbackStore,
  type Notice,
  removeDialog,
  removeNotice,
  removeToast,
  type Toast,
  type ToastType,
} from './feedback-store';
import './feedback.css';

const GLYPH: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i', loading: '' };

function Glyph({ type }: { type: ToastType }) {
  if (type === 'loading') return <span className="plain-spinner feedback-glyph-spin" aria-hidden="true" />;
  return (
    <span className={`feedback-glyph feedback-glyph--${type}`} aria-hidden="true">
      {GLYPH[type]}
    </span>
  );
}

/**
 * Closes after `seconds` (0: never); the time stops while the pointer is on it or focus is in it, so a
 * longer text can be read and a link in it reached (WCAG 2.2.1).
 */
function useAutoClose(seconds: number, close: () => void, restartOn: unknown) {
  const [held, setHeld] = useState(false);
  const closeRef = useRef(close);
  closeRef.current = close;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a replaced toast (same key) starts its time again
  useEffect(() => {
    if (seconds <= 0 || held) return;
    const timer = setTimeout(() => closeRef.current(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds, held, restartOn]);
  return {
    onMouseEnter: () => setHeld(true),
    onMouseLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: (e: React.FocusEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
    },
  };
}

function ToastItem({ toast }: { toast: Toast }) {
  const hold = useAutoClose(toast.duration, () => removeToast(toast.id), toast);
  return (
    // An error or warning interrupts the screen reader; the rest waits its turn.
    <div
      className={`feedback-toast feedback-toast--${toast.type}`}
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
      data-type={toast.type}
      {...hold}
    >
      <Glyph type={toast.type} />
      <span>{toast.content}</span>
    </div>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation('common');
  const close = () => removeNotice(notice.id);
  const hold = useAutoClose(notice.duration, close, notice);
  const titleId = useId();
  return (
    <section
      className="feedback-notice"
      aria-labelledby={notice.title ? titleId : undefined}
      {...hold}
      {...notice.props}
    >
      {notice.type ? <Glyph type={notice.type} /> : null}
      <div className="feedback-notice-body">
        {notice.title ? (
          <div className="feedback-notice-title" id={titleId}>
            {notice.title}
          </div>
        ) : null}
        {notice.description ? <div className="feedback-notice-text">{notice.description}</div> : null}
        {notice.actions ? <div className="feedback-notice-actions">{notice.actions}</div> : null}
      </div>
      <button
        type="button"
        className="feedback-notice-close"
        aria-label={t('close')}
        title={t('close')}
        onClick={close}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

function DialogItem({ dialog }: { dialog: Dialog }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();
  const confirm = dialog.kind === 'confirm';

  useEffect(() => {
    const el = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (el && typeof el.showModal === 'function' && !el.open) el.showModal();
    else el?.setAttribute('open', '');
    okRef.current?.focus();
    // Focus goes back where it was (the button that asked) when the dialog goes.
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  const cancel = () => {
    if (busy) return;
    removeDialog(dialog.id);
    dialog.onCancel?.();
  };
  const ok = async () => {
    const result = dialog.onOk?.();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setBusy(true);
      try {
        await result;
      } catch {
        // A failed action keeps the dialog open (its own code reports the error).
        setBusy(false);
        return;
      }
    }
    removeDialog(dialog.id);
  };
  const { danger: okDanger, ...okRest } = dialog.okButtonProps ?? {};
  const { danger: _cancelDanger, ...cancelRest } = dialog.cancelButtonProps ?? {};
  return (
    <dialog
      ref={ref}
      className={`feedback-dialog feedback-dialog--${dialog.kind}`}
      aria-labelledby={titleId}
      aria-describedby={dialog.content ? textId : undefined}
      // Esc is this dialog's alone: a drawer or modal under it (antd's listen on window) stays open.
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
      }}
      onCancel={(e) => {
        // Esc: the dialog's own Cancel (a confirmation that is busy stays).
        e.preventDefault();
        if (confirm) cancel();
        else void ok();
      }}
    >
      <div className="feedback-dialog-head">
        <Glyph type={dialog.kind === 'confirm' ? 'warning' : dialog.kind} />
        <h2 className="feedback-dialog-title" id={titleId}>
          {dialog.title}
        </h2>
      </div>
      {dialog.content ? (
        <div className="feedback-dialog-text" id={textId}>
          {dialog.content}
        </div>
      ) : null}
      <div className="feedback-dialog-actions">
        {confirm ? (
          <PlainButton {...cancelRest} onClick={cancel} disabled={busy || cancelRest.disabled}>
            {dialog.cancelText ?? t('cancel')}
          </PlainButton>
        ) : null}
        <PlainButton
          {...okRest}
          ref={okRef}
          variant={okDanger ? 'danger' : 'primary'}
          loading={busy}
          onClick={() => void ok()}
        >
          {dialog.okText ?? t('ok')}
        </PlainButton>
      </div>
    </dialog>
  );
}

/** Always there (empty when quiet), so screen readers hear what is added to it. */
function Stack({ className, children }: { className: string; children: ReactNode[] }) {
  return (
    <div className={className} aria-live="polite">
      {children}
    </div>
  );
}

/** Renders the toasts, notices and dialogs of `useApp()` (mounted once, with antd's providers). */
export function FeedbackHost() {
  const { toasts, notices, dialogs } = useSyncExternalStore(feedbackStore.subscribe, feedbackStore.get);
  return (
    <>
      <Stack className="feedback-toasts">
        {toasts.map((x) => (
          <ToastItem key={x.id} toast={x} />
        ))}
      </Stack>
      {/* One area under the header for both stacks (feedback.css): they never cover the header's user menu. */}
      <div className="feedback-notice-area">
        {(['topRight', 'bottomRight'] as const).map((p) => (
          <Stack key={p} className={`feedback-notices feedback-notices--${p}`}>
            {notices
              .filter((n) => n.placement === p)
              .map((n) => (
                <NoticeItem key={n.id} notice={n} />
              ))}
          </Stack>
        ))}
      </div>
      {dialogs.map((d) => (
        <DialogItem key={d.id} dialog={d} />
      ))}
    </>
  );
}
