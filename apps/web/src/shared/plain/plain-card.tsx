import { type HTMLAttributes, type ReactNode, useId } from 'react';
import './plain.css';

type Props = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** The card's heading (an h2 by default: cards sit under the page's h1). */
  title?: ReactNode;
  /** Controls at the heading's end (an export button). */
  extra?: ReactNode;
  /** The heading's level: 3 or 4 for a card inside another card or under an h2 section. */
  headingLevel?: 2 | 3 | 4;
};

/**
 * A bordered section with a heading (issue 20: antd's Card without antd; antd's Card loads antd's Tabs). It looks
 * like antd's small Card; modifier classes (plain.css): `plain-card--roomy` antd's default size, `--hoverable` a
 * card a link wraps, `--inner` a card inside another (with `headingLevel={3}`).
 */
export function PlainCard({ title, extra, headingLevel = 2, children, className, ...rest }: Props) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      className={className ? `plain-card ${className}` : 'plain-card'}
      aria-labelledby={title ? id : undefined}
    >
      {(title || extra) && (
        <header className="plain-card-head">
          {title ? <Heading id={id}>{title}</Heading> : <span />}
          {extra}
        </header>
      )}
      <div className="plain-card-body">{children}</div>
    </section>
  );
}
