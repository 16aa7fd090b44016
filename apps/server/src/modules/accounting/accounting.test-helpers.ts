/** Test code only: the posting service for the money-invariant property tests (modules/invoice). */
export { accountingService } from './accounting.service';
