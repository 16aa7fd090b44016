import { type HTMLAttributes, type ReactNode, useId } from 'react';
import './plain.css';

type Props = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** The card's heading (an h2: cards sit under the page's h1). */
  title?: ReactNode;
  /** Controls at the heading's end (an export button). */
  extra?: ReactNode;
};

/** A bordered section with a heading (issue 20: antd's Card without antd). */
export function PlainCard({ title, extra, children, className, ...rest }: Props) {
  const id = useId();
  return (
    <section
      {...rest}
      className={className ? `plain-card ${className}` : 'plain-card'}
      aria-labelledby={title ? id : undefined}
    >
      {(title || extra) && (
        <header className="plain-card-head">
          {title ? <h2 id={id}>{title}</h2> : <span />}
          {extra}
        </header>
      )}
      <div className="plain-card-body">{children}</div>
    </section>
  );
}
