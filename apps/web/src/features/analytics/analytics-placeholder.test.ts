import { describe, expect, it } from 'vitest';
import { isSamePage } from './analytics-placeholder';

describe('isSamePage', () => {
  it('keeps the previous figures for a filter change of the same page only', () => {
    expect(
      isSamePage('OperationAlertPBI', ['analytics', 'OperationAlertPBI', 'result', { office: 'HKG' }]),
    ).toBe(true);
    // Another page's figures never stand in for this page's.
    expect(isSamePage('OperationAlertPBI', ['analytics', 'OperationReportPBI', 'result', {}])).toBe(false);
    expect(isSamePage('OperationAlertPBI', undefined)).toBe(false);
  });
});
