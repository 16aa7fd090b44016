import { describe, expect, it } from 'vitest';
import {
  dateTimeText,
  distinctTexts,
  elapsedSeconds,
  filterProblemsOf,
  problemAt,
  serverPath,
} from './rw-builder-problems';

const problems = [
  { path: 'name', text: 'Name is required' },
  { path: 'filters.1.value', text: 'Value needed' },
  { path: 'filters.1', text: 'Second problem of row 1' },
  { path: 'filters.0', text: 'Unknown field' },
  { path: 'filtersX', text: 'not a filter row' },
  { path: 'schedule.recipients.0', text: 'Bad e-mail' },
];

describe('report writer builder: problems on their places', () => {
  it('finds the first problem at a place or below it, and none on a look-alike name', () => {
    expect(problemAt(problems, 'name')).toBe('Name is required');
    expect(problemAt(problems, 'schedule')).toBe('Bad e-mail');
    expect(problemAt(problems, 'filters')).toBe('Value needed');
    expect(problemAt(problems, 'columns')).toBeNull();
    expect(problemAt(problems, 'nam')).toBeNull();
  });

  it('keeps the first problem of each filter row by index', () => {
    expect(filterProblemsOf(problems)).toEqual({ 0: 'Unknown field', 1: 'Value needed' });
    expect(filterProblemsOf([])).toEqual({});
  });

  it("reads the server's bracket paths as dotted paths", () => {
    expect(serverPath('filters[2].value')).toBe('filters.2.value');
    expect(serverPath('schedule.recipients[0]')).toBe('schedule.recipients.0');
    expect(serverPath('name')).toBe('name');
  });

  it('lists each text once in its first order', () => {
    expect(
      distinctTexts([
        { path: 'a', text: 'x' },
        { path: 'b', text: 'y' },
        { path: 'c', text: 'x' },
      ]),
    ).toEqual(['x', 'y']);
  });
});

describe('report writer builder: times', () => {
  it('writes a time as YYYY-MM-DD HH:mm:ss in local time and leaves an unreadable one as it came', () => {
    const d = new Date(2026, 0, 5, 7, 3, 9);
    expect(dateTimeText(d.toISOString())).toBe('2026-01-05 07:03:09');
    expect(dateTimeText('not a time')).toBe('not a time');
  });

  it('counts whole seconds since the start, 0 when nothing runs or the clock is behind', () => {
    expect(elapsedSeconds(null, 10_000)).toBe(0);
    expect(elapsedSeconds(1_000, 3_999)).toBe(2);
    expect(elapsedSeconds(5_000, 4_000)).toBe(0);
  });
});
