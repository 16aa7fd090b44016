import { lazy, Suspense } from 'react';
import type { ReasonDialogProps } from './reason-dialog';

const Dialog = lazy(() => import('./reason-dialog').then((m) => ({ default: m.ReasonDialog })));

/** `ReasonDialog` loaded when it first opens (its antd Modal stays out of the screens' first load; issue 20). */
export function LazyReasonDialog(props: ReasonDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
