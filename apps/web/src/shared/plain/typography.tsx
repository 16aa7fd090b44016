import type { AnchorHTMLAttributes, CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './typography.css';

/**
 * antd's `Typography` without antd (issue 20): the same `Typography.Text / Title / Paragraph / Link` API for the
 * props the portal uses, rendered as plain elements styled like the theme (typography.css). antd's Typography
 * brings its copy/edit/ellipsis machinery (TextArea, Tooltip, resize observers: about 25 KB gzipped) to every
 * screen that shows a line of secondary text.
 *
 * Differences from antd, on purpose:
 * - `Typography.Link` without `href` is a `<button>` styled as a link, so the keyboard reaches it (antd renders
 *   an `<a>` without `href`, which is not focusable);
 * - `ellipsis` cuts one line with CSS and shows the whole text (or `ellipsis.tooltip`) as the native title;
 * - `Text` inherits the colour around it unless `type` is given.
 */
type Tone = 'secondary' | 'success' | 'warning' | 'danger';

interface Decorations {
  type?: Tone;
  strong?: boolean;
  code?: boolean;
  delete?: boolean;
  mark?: boolean;
  italic?: boolean;
  underline?: boolean;
  disabled?: boolean;
  ellipsis?: boolean | { tooltip?: ReactNode };
}

const cls = (...names: (string | false | undefined | null)[]) => names.filter(Boolean).join(' ');

function toneClass(d: Decorations, base: string): string {
  return cls(
    base,
    d.type && `portal-typography--${d.type}`,
    d.disabled && 'portal-typography--disabled',
    d.ellipsis && 'portal-typography--ellipsis',
  );
}

/** Wraps `children` in the semantic elements antd uses for each decoration. */
function decorate(d: Decorations, children: ReactNode): ReactNode {
  let out = children;
  if (d.code) out = <code>{out}</code>;
  if (d.mark) out = <mark>{out}</mark>;
  if (d.underline) out = <u>{out}</u>;
  if (d.delete) out = <del>{out}</del>;
  if (d.strong) out = <strong>{out}</strong>;
  if (d.italic) out = <i>{out}</i>;
  return out;
}

/** The native title of an ellipsed text: the tooltip if it is a string, else the children if they are. */
function ellipsisTitle(d: Decorations, children: ReactNode, title?: string): string | undefined {
  if (title !== undefined || !d.ellipsis) return title;
  const tip = typeof d.ellipsis === 'object' ? d.ellipsis.tooltip : children;
  return typeof tip === 'string' || typeof tip === 'number' ? String(tip) : undefined;
}

function split<P extends Decorations>(props: P) {
  const { type, strong, code, delete: del, mark, italic, underline, disabled, ellipsis, ...rest } = props;
  return { d: { type, strong, code, delete: del, mark, italic, underline, disabled, ellipsis }, rest };
}

export type TextProps = Decorations & Omit<HTMLAttributes<HTMLSpanElement>, 'type'>;

function Text(props: TextProps) {
  const { d, rest } = split(props);
  const { className, children, title, ...html } = rest;
  return (
    <span
      {...html}
      title={ellipsisTitle(d, children, title)}
      className={cls(toneClass(d, 'portal-typography'), className)}
    >
      {decorate(d, children)}
    </span>
  );
}

export type TitleProps = Decorations &
  Omit<HTMLAttributes<HTMLHeadingElement>, 'type'> & { level?: 1 | 2 | 3 | 4 | 5 };

function Title(props: TitleProps) {
  const { level = 1, ...others } = props;
  const { d, rest } = split(others);
  const { className, children, title, ...html } = rest;
  const H = `h${level}` as const;
  return (
    <H
      {...html}
      title={ellipsisTitle(d, children, title)}
      className={cls(toneClass(d, `portal-typography portal-title portal-title--${level}`), className)}
    >
      {decorate(d, children)}
    </H>
  );
}

export type ParagraphProps = Decorations & Omit<HTMLAttributes<HTMLDivElement>, 'type'>;

/** A `<div>` as in antd, so a paragraph may hold lists and other blocks. */
function Paragraph(props: ParagraphProps) {
  const { d, rest } = split(props);
  const { className, children, title, ...html } = rest;
  return (
    <div
      {...html}
      title={ellipsisTitle(d, children, title)}
      className={cls(toneClass(d, 'portal-typography portal-paragraph'), className)}
    >
      {decorate(d, children)}
    </div>
  );
}

export type LinkProps = Decorations &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'type'> & { style?: CSSProperties; children?: ReactNode };

function Link(props: LinkProps) {
  const { d, rest } = split(props);
  const { className, children, href, onClick, title, ...html } = rest;
  const classes = cls(toneClass(d, 'portal-typography portal-link'), className);
  if (href === undefined) {
    const {
      target: _t,
      rel: _r,
      download: _d,
      hrefLang: _h,
      referrerPolicy: _p,
      ping: _g,
      media: _m,
      ...buttonish
    } = html;
    return (
      <button
        {...(buttonish as HTMLAttributes<HTMLButtonElement>)}
        type="button"
        title={title}
        disabled={d.disabled}
        className={cls(classes, 'portal-link--button')}
        onClick={onClick as unknown as HTMLAttributes<HTMLButtonElement>['onClick']}
      >
        {decorate(d, children)}
      </button>
    );
  }
  return (
    <a {...html} href={href} title={title} onClick={onClick} className={classes}>
      {decorate(d, children)}
    </a>
  );
}

export const Typography = { Text, Title, Paragraph, Link };
