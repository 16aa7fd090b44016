/**
 * features/carrier-link's public entry (issue 42, live DCSA carrier connectivity): the carrier connection section
 * of carrier maintenance, the carrier booking panel of a consolidation plan or an FCL booking and the carrier
 * documents panel of a master bill, each loaded when first shown; `useCarrierBookingConnected` tells a page
 * whether the document's carrier is connected (then the panel sends the booking). Depends on no other feature;
 * booking, carrier, consolidation and master-bl mount these.
 */
export { useCarrierBookingConnected } from './carrier-booking-connected';
export {
  CarrierBookingPanel,
  CarrierConnectionSection,
  ConsolCarrierPanel,
  MblCarrierPanel,
} from './carrier-link-entry';
