/** Test code only: the finance dashboard for the money-invariant property tests (modules/invoice). */
export { financeService } from './finance.service';
