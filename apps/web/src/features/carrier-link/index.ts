/**
 * features/carrier-link's public entry (issue 42, live DCSA carrier connectivity): the carrier connection section
 * of carrier maintenance, the carrier booking panel of a consolidation plan and the carrier documents panel of a
 * master bill, each loaded when first shown. Depends on no other feature; carrier, consolidation and master-bl
 * mount these.
 */
export { CarrierConnectionSection, ConsolCarrierPanel, MblCarrierPanel } from './carrier-link-entry';
