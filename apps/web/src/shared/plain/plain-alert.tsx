import type { ReactNode } from 'react';
import './plain.css';

export type PlainAlertType = 'error' | 'warning' | 'info' | 'success';

/**
 * A message box in the theme's colours (issue 20: antd's Alert without antd): a title, an optional
 * description and an action on the right. Errors and warnings are announced (`role="alert"`), information and
 * success are a polite status. antd's `message` and `title` are both accepted as the title.
 */
export function PlainAlert({
  type = 'info',
  title,
  message,
  description,
  action,
  className,
  role,
  onClose,
  closeLabel,
  'data-testid': testId,
}: {
  type?: PlainAlertType;
  title?: ReactNode;
  /** antd 5's name of the title. */
  message?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  role?: string;
  /** With it, a close button (named `closeLabel`) that calls it. */
  onClose?: () => void;
  closeLabel?: string;
  'data-testid'?: string;
}) {
  const heading = title ?? message;
  return (
    <div
      className={`plain-alert plain-alert--${type}${className ? ` ${className}` : ''}`}
      role={role ?? (type === 'error' || type === 'warning' ? 'alert' : 'status')}
      data-testid={testId}
    >
      <div className="plain-alert-body">
        {heading !== undefined && heading !== null ? (
          <div className={description ? 'plain-alert-title plain-alert-title--strong' : 'plain-alert-title'}>
            {heading}
          </div>
        ) : null}
        {description ? <div className="plain-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="plain-alert-action">{action}</div> : null}
      {onClose ? (
        <button
          type="button"
          className="plain-alert-close"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={onClose}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
