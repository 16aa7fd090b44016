import { moneyInvariantsSuite } from './money-invariants-suite.test-helpers';

// The money invariants (docs/invoices.md "Money invariants"); shard 1 (money-invariants-shard2.test.ts: 2).
moneyInvariantsSuite(1);
