/** Test code only: the settlement service for the money-invariant property tests (modules/invoice). */
export { settlementService } from './settlement.service';
