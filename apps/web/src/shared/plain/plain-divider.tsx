import type { ReactNode } from 'react';
import './plain.css';

/**
 * A rule across the form with an optional title at its start (issue 20: antd's `Divider titlePlacement="start"`
 * without antd). With a title it is the heading of the fields below it, so a screen reader's heading list
 * reaches the section; without one it is a plain separator.
 */
export function PlainDivider({
  children,
  headingLevel = 3,
  'data-testid': testId,
}: {
  children?: ReactNode;
  /** The level of the title's heading (3 under a page h1 and a tab or card h2). */
  headingLevel?: 2 | 3 | 4;
  'data-testid'?: string;
}) {
  if (children === undefined || children === null || children === false)
    return <hr className="plain-divider" data-testid={testId} />;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="plain-divider plain-divider--titled" data-testid={testId}>
      <Heading className="plain-divider-title">{children}</Heading>
    </div>
  );
}
