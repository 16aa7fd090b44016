import { type ComponentProps, lazy, Suspense } from 'react';

// The carrier panels load with their first use, not with the pages that mount them (the plan's, the bill's and
// the carrier's screens keep their first load; issue 20's budget).
const Connection = lazy(() => import('./connection-section'));
const Booking = lazy(() => import('./consol-carrier-panel'));
const Documents = lazy(() => import('./mbl-carrier-panel'));

/** "Carrier connection (DCSA)" of a carrier in carrier maintenance (admin). */
export function CarrierConnectionSection(props: ComponentProps<typeof Connection>) {
  return (
    <Suspense fallback={null}>
      <Connection {...props} />
    </Suspense>
  );
}

/** "Carrier booking (DCSA)" of a saved consolidation plan. */
export function ConsolCarrierPanel(props: ComponentProps<typeof Booking>) {
  return (
    <Suspense fallback={null}>
      <Booking {...props} />
    </Suspense>
  );
}

/** "Carrier documents (eBL)" of a saved master bill. */
export function MblCarrierPanel(props: ComponentProps<typeof Documents>) {
  return (
    <Suspense fallback={null}>
      <Documents {...props} />
    </Suspense>
  );
}
