import type { ReactNode } from 'react';
import './plain.css';

/**
 * Content that is loading (issue 20: antd's `Spin` around content without antd): while `spinning`, the content
 * is dimmed and inert under a spinner, and the region says it is busy (`aria-busy`), so a screen reader waits
 * and a journey can wait on it (`e2e/support/axe.ts` settled()).
 */
export function PlainSpin({
  spinning,
  children,
  'data-testid': testId,
}: {
  spinning: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className="plain-spin" aria-busy={spinning} data-testid={testId}>
      {spinning ? (
        <div className="plain-spin-overlay">
          <span className="plain-spinner" />
        </div>
      ) : null}
      <div
        className={spinning ? 'plain-spin-content plain-spin-content--busy' : 'plain-spin-content'}
        inert={spinning}
      >
        {children}
      </div>
    </div>
  );
}
