import type { TokenClaims } from '@portal/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Signs and verifies the portal's HS256 tokens. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: Omit<TokenClaims, 'exp'>, exp: number): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
  }

  /** Returns the claims, 'expired' for a well-formed expired token, or null for anything else. */
  async verify(token: string): Promise<TokenClaims | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload as unknown as TokenClaims;
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : null;
    }
  }
}
