import { describe, expect, it } from 'vitest';
import { offsetPageAnswer } from './offset-page';

describe('offsetPageAnswer', () => {
  it('keeps the rows and total, answers the page asked for, an uncapped total and no cursors, in that order', () => {
    const out = offsetPageAnswer({ rows: [{ id: 1 }], total: 41, extra: 'x' }, { page: 3, pageSize: 20 });
    expect(out).toEqual({
      rows: [{ id: 1 }],
      total: 41,
      extra: 'x',
      totalCapped: false,
      page: 3,
      pageSize: 20,
      nextCursor: null,
      prevCursor: null,
    });
    expect(Object.keys(out)).toEqual([
      'rows',
      'total',
      'extra',
      'totalCapped',
      'page',
      'pageSize',
      'nextCursor',
      'prevCursor',
    ]);
  });
});
