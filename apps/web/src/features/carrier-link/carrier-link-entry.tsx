import { type ComponentProps, lazy, Suspense } from 'react';

// The carrier panels load with their first use, not with the pages that mount them (the plan's, the bill's and
// the carrier's screens keep their first load; issue 20's budget).
const Connection = lazy(() => import('./connection-section'));
const Booking = lazy(() => import('./carrier-booking-panel'));
const Documents = lazy(() => import('./mbl-carrier-panel'));

/** "Carrier connection (DCSA)" of a carrier in carrier maintenance (admin). */
export function CarrierConnectionSection(props: ComponentProps<typeof Connection>) {
  return (
    <Suspense fallback={null}>
      <Connection {...props} />
    </Suspense>
  );
}

/**
 * "Carrier booking (DCSA)" of a saved consolidation plan (`doc: { kind: 'consol', no: consol_no }`) or FCL booking
 * (`doc: { kind: 'booking', no: so_no }`): one panel for both.
 */
export function CarrierBookingPanel(props: ComponentProps<typeof Booking>) {
  return (
    <Suspense fallback={null}>
      <Booking {...props} />
    </Suspense>
  );
}

/** "Carrier booking (DCSA)" of a saved consolidation plan. */
export function ConsolCarrierPanel({ consolNo, dirty }: { consolNo: string; dirty?: boolean }) {
  return <CarrierBookingPanel doc={{ kind: 'consol', no: consolNo }} dirty={dirty} />;
}

/** "Carrier documents (eBL)" of a saved master bill. */
export function MblCarrierPanel(props: ComponentProps<typeof Documents>) {
  return (
    <Suspense fallback={null}>
      <Documents {...props} />
    </Suspense>
  );
}
