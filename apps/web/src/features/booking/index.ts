/**
 * features/booking's public entry: what the app and other features (booking-approval) may import. Other
 * features never reach into this folder's files, and booking imports no other feature (booking-approval adds
 * its tab through registerBookingDetailTab).
 */
import { lazy } from 'react';
// The row colours of shipping-order lists (ageing), which booking-approval's lists show too.
import '../../shared/list/ageing.css';

export { useBookingColumns } from './booking-columns';
export {
  type MarksGoodsActionProps,
  registerBookingDetailTab,
  registerBookingSidePanel,
  registerMarksGoodsAction,
} from './booking-detail-slots';
export type { BookingTabKey } from './booking-detail-tabs';
export { useBookingLabels } from './booking-labels';
export { BookingSearchBar } from './booking-search-bar';
export type { BookingTabProps } from './booking-tab-props';
export { DashboardAgeingNote, ListCountCard } from './list-count-card';
// The remark thread (rich text, images, visible-to) that consolidation plans reuse for their own remarks.
export { RemarksThread, type RemarksThreadProps } from './panels/remarks-panel';
export { bookingRoutes } from './routes';

/** The booking detail page (lazy), for screens that show it under their own paths with `backTo`/`openTab`. */
export const BookingDetailScreen = lazy(() => import('./booking-detail-page'));
