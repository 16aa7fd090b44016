/** Test code only: the period close service for the money-invariant property tests (modules/invoice). */
export { periodService } from './period.service';
