import type { ReactNode } from 'react';
import './plain.css';

export interface PlainFact {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /** Spans this many columns of the grid (antd's Descriptions.Item `span`). */
  span?: number;
}

/**
 * Labelled values (issue 20: antd's Descriptions without antd): a `<dl>`, label beside value in a bordered
 * table-like grid (`bordered`) or label over value in wrapping columns. `column` is how many label/value pairs
 * share a row on a wide screen; a narrow one stacks them.
 */
export function PlainFacts({
  items,
  column = 3,
  bordered,
  size,
  className,
  'data-testid': testId,
}: {
  items: readonly PlainFact[];
  column?: number;
  bordered?: boolean;
  size?: 'small';
  className?: string;
  'data-testid'?: string;
}) {
  const cls = [
    'plain-facts',
    bordered ? 'plain-facts--bordered' : '',
    size ? 'plain-facts--small' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <dl
      className={cls}
      style={{ '--plain-facts-columns': column } as React.CSSProperties}
      data-testid={testId}
    >
      {items.map((f) => (
        <div
          key={f.key}
          className="plain-fact"
          style={
            f.span && f.span > 1
              ? ({ '--plain-fact-span': Math.min(f.span, column) } as React.CSSProperties)
              : undefined
          }
        >
          <dt>{f.label}</dt>
          <dd>{f.children}</dd>
        </div>
      ))}
    </dl>
  );
}
