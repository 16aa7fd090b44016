import type { ButtonHTMLAttributes, Ref } from 'react';
import './plain.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'danger';
  ref?: Ref<HTMLButtonElement>;
  block?: boolean;
  loading?: boolean;
};

/** A native button in the theme's look, for the screens that load without antd (/login, the cookie banner). */
export function PlainButton({ variant = 'default', block, loading, className, children, ...rest }: Props) {
  const cls = [
    'plain-button',
    `plain-button--${variant}`,
    block ? 'plain-button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...rest}
      className={cls}
      aria-busy={loading || undefined}
      disabled={rest.disabled || loading}
    >
      {loading ? <span className="plain-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** Inline text that opens something on the page (a modal): a real, focusable button that looks like a link. */
export function PlainLinkButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...rest}
      className={className ? `plain-link-button ${className}` : 'plain-link-button'}
    />
  );
}
