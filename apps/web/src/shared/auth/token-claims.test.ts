import { describe, expect, it } from 'vitest';
import { decodeClaims, formatCountdown, secondsLeft } from './token-claims';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (claims: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;

describe('token claims', () => {
  it('reads the claims, including non-ASCII names', () => {
    const c = decodeClaims(
      token({
        sub: 'u1',
        first_name: '大文',
        last_name: '陳',
        profile: 7,
        super_user_uid: null,
        sid: 's',
        exp: 100,
      }),
    );
    expect(c).toMatchObject({ sub: 'u1', first_name: '大文', last_name: '陳', profile: 7, exp: 100 });
  });

  it('treats a missing profile as not chosen, and an unreadable token as none', () => {
    expect(decodeClaims(token({ sub: 'u1', exp: 1 }))?.profile).toBeNull();
    expect(decodeClaims('garbage')).toBeNull();
    expect(decodeClaims(`a.${b64url({ exp: 1 })}.c`)).toBeNull();
    expect(decodeClaims(null)).toBeNull();
  });

  it('counts down in mm:ss and never below zero', () => {
    expect(secondsLeft({ exp: 1_000 }, 400_500)).toBe(599);
    expect(formatCountdown(599)).toBe('09:59');
    expect(formatCountdown(3_725)).toBe('62:05');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
