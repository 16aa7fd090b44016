import type { AnchorHTMLAttributes, ButtonHTMLAttributes, CSSProperties, ReactNode, Ref } from 'react';
import { useFormDisabled } from '../plain/form-disabled';
import './button.css';

/**
 * The app's button with antd's Button API for the part the screens use (issue 20: antd's Button, its wave effect
 * and colour helpers were about 8 KB gzipped of every screen): `type` primary / default / dashed / text / link,
 * `danger`, `icon`, `loading`, `size`, `htmlType`, `block`, `href` (then a link). A button inside a disabled form
 * is disabled with it, as antd's was; a button with only an icon is square and must have an `aria-label`.
 */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'color'> {
  type?: 'primary' | 'default' | 'dashed' | 'text' | 'link';
  htmlType?: 'button' | 'submit' | 'reset';
  danger?: boolean;
  icon?: ReactNode;
  /** Busy: a spinner instead of the icon, and the button does nothing until it settles. */
  loading?: boolean | { delay?: number };
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  shape?: 'default' | 'circle' | 'round';
  ghost?: boolean;
  href?: string;
  target?: AnchorHTMLAttributes<HTMLAnchorElement>['target'];
  style?: CSSProperties;
  ref?: Ref<HTMLButtonElement>;
  'data-testid'?: string;
}

export function Button({
  type = 'default',
  htmlType = 'button',
  danger,
  icon,
  loading,
  size = 'middle',
  block,
  shape,
  ghost,
  href,
  target,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  const off = useFormDisabled(disabled);
  const busy = Boolean(loading);
  const iconOnly = icon != null && (children == null || children === false || children === '');
  const cls = [
    'btn',
    `btn--${type}`,
    danger ? 'btn--danger' : '',
    size !== 'middle' ? `btn--${size}` : '',
    block ? 'btn--block' : '',
    shape && shape !== 'default' ? `btn--${shape}` : '',
    ghost ? 'btn--ghost' : '',
    iconOnly ? 'btn--icon-only' : '',
    busy ? 'btn--loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const inner = (
    <>
      {busy ? (
        <span className="btn-spinner" aria-hidden="true" />
      ) : icon ? (
        // The icon's own name (antd icons are role="img" with an aria-label) names an icon-only button that
        // has no aria-label; beside a text it is decoration.
        <span className="btn-icon" aria-hidden={iconOnly ? undefined : true}>
          {icon}
        </span>
      ) : null}
      {iconOnly ? null : <span>{children}</span>}
    </>
  );
  if (href !== undefined && !off) {
    const { ref: _ref, ...anchor } = rest;
    return (
      <a
        {...(anchor as AnchorHTMLAttributes<HTMLAnchorElement>)}
        className={cls}
        href={href}
        target={target}
        rel={target === '_blank' ? 'noopener noreferrer' : undefined}
      >
        {inner}
      </a>
    );
  }
  return (
    <button
      {...rest}
      type={htmlType}
      className={cls}
      disabled={off || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : rest.onClick}
    >
      {inner}
    </button>
  );
}
