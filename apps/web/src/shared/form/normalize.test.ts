import { describe, expect, it } from 'vitest';
import { upperCase } from './normalize';

describe('upperCase', () => {
  it('puts a typed code in capitals and leaves an empty field empty', () => {
    expect(upperCase('cosu 0a1')).toBe('COSU 0A1');
    expect(upperCase('')).toBe('');
    expect(upperCase(undefined)).toBeUndefined();
  });
});
