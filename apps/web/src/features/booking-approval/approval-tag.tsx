import type { ReactNode } from 'react';
import './booking-approval.css';

/** antd's preset Tag look without antd (issue 20): the comparison's TBC, cheapest, fastest and proposed marks. */
export function ApprovalTag({
  colour,
  children,
  ...rest
}: {
  colour: 'gold' | 'green' | 'blue' | 'purple';
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span className={`approval-tag approval-tag--${colour}`} {...rest}>
      {children}
    </span>
  );
}
