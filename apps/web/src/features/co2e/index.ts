import { lazy } from 'react';

/**
 * features/co2e's public entry (issue 17; docs/co2e.md): the CO2e panel of the booking detail, registered in
 * app/feature-routes.ts with registerBookingSidePanel. Lazy (never a static re-export): the app's entry
 * imports this index, and the panel's antd and API code load only with the booking detail.
 */
export const Co2eBookingPanel = lazy(() => import('./co2e-booking-panel'));
