import type { TSysNotice } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  alertsToShow,
  isNoticeValidAt,
  minutesRemaining,
  noticeInstant,
  renderNoticeBody,
} from './notice-time';

const now = Date.parse('2026-03-01T04:00:00Z'); // 12:00 in Hong Kong
const notice = (over: Partial<TSysNotice> = {}): TSysNotice => ({
  uid: 'a',
  notice_type: 'ALERT',
  notice_title: 'T',
  notice_body: 'Stops in {{REMAIN}} minutes ({{REMAIN}})',
  valid_from: '2026-03-01T03:00:00.000Z',
  valid_to: '2026-03-01T05:00:00.000Z',
  ...over,
});

describe('notice time window (8-hour offset)', () => {
  it('reads a date without a zone as Hong Kong time and a zoned one as given', () => {
    expect(noticeInstant('2026-03-01 12:00:00')).toBe(now);
    expect(noticeInstant('2026-03-01T12:00')).toBe(now);
    expect(noticeInstant('2026-03-01T04:00:00Z')).toBe(now);
    expect(noticeInstant('2026-03-01T12:00:00+08:00')).toBe(now);
  });

  it('shows an alert only from valid_from until before valid_to', () => {
    expect(isNoticeValidAt(notice(), now)).toBe(true);
    expect(isNoticeValidAt(notice({ valid_from: '2026-03-01T04:00:00Z' }), now)).toBe(true);
    expect(isNoticeValidAt(notice({ valid_to: '2026-03-01T04:00:00Z' }), now)).toBe(false);
    expect(
      isNoticeValidAt(notice({ valid_from: '2026-03-01 12:30:00', valid_to: '2026-03-01 13:00:00' }), now),
    ).toBe(false);
    expect(
      isNoticeValidAt(notice({ valid_from: '2026-03-01 11:30:00', valid_to: '2026-03-01 12:30:00' }), now),
    ).toBe(true);
    expect(isNoticeValidAt(notice({ valid_from: 'nonsense' }), now)).toBe(false);
  });

  it('skips dismissed, expired and non-ALERT entries', () => {
    const list = [
      notice(),
      notice({ uid: 'b' }),
      notice({ uid: 'c', notice_type: 'NOTICE' }),
      notice({ uid: 'd', valid_to: '2026-03-01T03:30:00Z' }),
    ];
    expect(alertsToShow(list, now, new Set(['b'])).map((n) => n.uid)).toEqual(['a']);
  });
});

describe('{{REMAIN}}', () => {
  it('is replaced everywhere by the whole minutes left, rounded up, never negative', () => {
    expect(renderNoticeBody(notice(), now)).toBe('Stops in 60 minutes (60)');
    expect(minutesRemaining('2026-03-01T04:00:30Z', now)).toBe(1);
    expect(minutesRemaining('2026-03-01T03:00:00Z', now)).toBe(0);
    expect(renderNoticeBody(notice({ notice_body: 'No placeholder' }), now)).toBe('No placeholder');
  });
});
