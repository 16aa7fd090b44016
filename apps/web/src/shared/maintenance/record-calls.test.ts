import { describe, expect, it } from 'vitest';
import { loadedKey, recordValueText } from './record-calls';

describe('loadedKey', () => {
  it('loads a serial id or a string key, nothing for a new record or a malformed key', () => {
    expect(loadedKey(12)).toBe(12);
    expect(loadedKey('HKG-LAX-1')).toBe('HKG-LAX-1');
    expect(loadedKey(0)).toBe(0);
    expect(loadedKey('new')).toBeNull();
    expect(loadedKey(null)).toBeNull();
  });
});

describe('recordValueText', () => {
  const flag = { yes: 'Yes', no: 'No' };
  it('shows a dash for no value', () => {
    expect(recordValueText(null)).toBe('—');
    expect(recordValueText(undefined)).toBe('—');
    expect(recordValueText('')).toBe('—');
  });
  it('words a flag only when the feature gives the words', () => {
    expect(recordValueText(true, flag)).toBe('Yes');
    expect(recordValueText(false, flag)).toBe('No');
    expect(recordValueText(false)).toBe('false');
  });
  it('shows anything else as text', () => {
    expect(recordValueText(0)).toBe('0');
    expect(recordValueText('ADMIN')).toBe('ADMIN');
    expect(recordValueText(0, flag)).toBe('0');
  });
});
