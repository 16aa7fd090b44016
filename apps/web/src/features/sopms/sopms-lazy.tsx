import { SOPMS_MSG } from '@portal/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/http';

/**
 * What features/sopms gives other features (its index), without the check's and the refusal's dialogs (antd
 * Modal, List, Input, Alert) in what loads them: those load when first shown (issue 20). The index is part of
 * the app's first load (its routes), so whatever it exports statically is too, even when a feature imports the
 * index lazily.
 */

/** Whether a failed call is a SOPMS refusal (the step broke validation templates). */
export const isSopmsRefusal = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  (e.body?.msgKey === SOPMS_MSG.violation || e.body?.msgKey === SOPMS_MSG.overrideNotAllowed);

const CheckButton = lazy(() => import('./sopms-check-button').then((m) => ({ default: m.SopmsCheckButton })));

/** "SOPMS check" on the invoice title bar (sopms-check-button.tsx), loaded when shown. */
export function SopmsCheckButton(props: { invId: number; status: string }) {
  return (
    <Suspense fallback={null}>
      <CheckButton {...props} />
    </Suspense>
  );
}

type Retry = (reason: string) => Promise<unknown>;
interface Refusal {
  error: ApiError;
  retry: Retry;
}

/** Holds the refusal dialog of sopms-violations.tsx and opens it for each new refusal. */
const RefusalDialog = lazy(() =>
  import('./sopms-violations').then((m) => ({
    default: function RefusalDialog({ refusal }: { refusal: Refusal }) {
      const { guard, dialog } = m.useSopmsGuard();
      // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per refusal
      useEffect(() => {
        guard(refusal.error, refusal.retry);
      }, [refusal]);
      return <>{dialog}</>;
    },
  })),
);

/**
 * The refusal dialog of a step that broke SOPMS templates (sopms-violations.tsx's useSopmsGuard, loaded with
 * the first refusal): `guard(error, retry)` opens it for a SOPMS refusal (true) and leaves other errors to the
 * caller (false).
 */
export function useSopmsGuard(): { guard: (e: unknown, retry: Retry) => boolean; dialog: ReactNode } {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const guard = (e: unknown, retry: Retry) => {
    if (!isSopmsRefusal(e)) return false;
    setRefusal({ error: e, retry });
    return true;
  };
  const dialog = refusal && (
    <Suspense fallback={null}>
      <RefusalDialog refusal={refusal} />
    </Suspense>
  );
  return { guard, dialog };
}
