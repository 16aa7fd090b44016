import { describe, expect, it } from 'vitest';
import { DCSA_PRECOMPILED_SCHEMAS } from '../../platform/dcsa';
import { DOCUMENT_GET, NOTIFICATION_SCHEMA, REQUESTS } from './carrier-link.rules';

// Every DCSA schema carrier-link validates with is among the validators generated ahead of time
// (platform/dcsa/generated, docs/carrier-link.md): a new one must be added there, or its first use would compile
// the standard's description on a request again (about a second of CPU with the event loop blocked).
describe('carrier-link schemas are precompiled', () => {
  it('covers every request, answer, document and notification schema', () => {
    const used = [
      ...Object.values(REQUESTS).flatMap((byAction) =>
        Object.values(byAction).flatMap((r) => [
          { standard: r.standard, schema: r.schema },
          ...(r.answerSchema ? [{ standard: r.standard, schema: r.answerSchema }] : []),
        ]),
      ),
      ...Object.values(DOCUMENT_GET),
      ...Object.values(NOTIFICATION_SCHEMA),
    ];
    expect(used.length).toBeGreaterThan(10);
    const missing = used.filter((u) => !DCSA_PRECOMPILED_SCHEMAS[u.standard].includes(u.schema));
    expect(missing).toEqual([]);
  });
});
