import { describe, expect, it } from 'vitest';
import { messageTime } from './notification-time';

const t = ((key: string, o: { count: number }) => `${key}:${o.count}`) as never;
const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (s: number) => new Date(now - s * 1000).toISOString();

describe('message time (000 §9)', () => {
  it('shows seconds, minutes and hours under one day', () => {
    expect(messageTime(t, ago(5), now)).toBe('time.seconds:5');
    expect(messageTime(t, ago(59), now)).toBe('time.seconds:59');
    expect(messageTime(t, ago(60), now)).toBe('time.mins:1');
    expect(messageTime(t, ago(3599), now)).toBe('time.mins:59');
    expect(messageTime(t, ago(3600), now)).toBe('time.hours:1');
    expect(messageTime(t, ago(86399), now)).toBe('time.hours:23');
  });
  it('shows the full date from one day on', () => {
    expect(messageTime(t, ago(86400), now)).toMatch(/^2026-11-2[01] \d\d:00:00$/);
  });
  it('never shows a negative age for a clock a little ahead', () => {
    expect(messageTime(t, new Date(now + 3000).toISOString(), now)).toBe('time.seconds:0');
  });
});
