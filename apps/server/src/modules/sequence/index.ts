/** The sequence module's public entry: what other modules, app.ts and the seeds may use. */
export { sequenceRoutes } from './sequence.routes';
export { seedSequenceRules } from './sequence.seed';
export {
  type AllocatedNumber,
  allocateNumber,
  type NumberInUse,
  numbersInUse,
  prepareNumber,
  provisionalNumber,
  SEQ_NUMBER_SKIPS_MAX,
  topUpFreeNumbers,
} from './sequence.service';
