import { type ReactNode, useRef } from 'react';
import { useDetailShortcuts } from './detail-shortcuts';

/** Wraps a detail screen so ctrl+alt+arrows move between its panels and tabs. */
export function DetailShortcutsArea({
  children,
  'data-testid': testId,
}: {
  children: ReactNode;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDetailShortcuts(ref);
  return (
    <div ref={ref} data-testid={testId ?? 'detail-shortcuts'}>
      {children}
    </div>
  );
}
