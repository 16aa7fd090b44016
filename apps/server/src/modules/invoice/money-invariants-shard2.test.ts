import { moneyInvariantsSuite } from './money-invariants-suite.test-helpers';

// The second half of the runs when PBT_SHARDS=2 (npm run test:money), on a second vitest worker; else skipped.
moneyInvariantsSuite(2);
