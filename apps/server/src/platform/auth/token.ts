import type { TokenClaims } from '@portal/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

/** How many checked tokens an instance remembers (then it starts again; a few MB at most). */
const MAX_VERIFIED = 10_000;

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

  /**
   * Tokens whose signature this instance has checked, with their claims: a client sends the same token on
   * every call, and the HMAC check (WebCrypto, a trip to the thread pool) cost more CPU per call than the
   * session read. Only the expiry is checked again; a token string is never reused with other claims.
   */
  private readonly verified = new Map<string, TokenClaims>();

  /** Returns the claims, 'expired' for a well-formed expired token, or null for anything else. */
  async verify(token: string): Promise<TokenClaims | 'expired' | null> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once `exp` is not after the current second.
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = payload as unknown as TokenClaims;
      if (typeof claims.exp === 'number') {
        if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
        this.verified.set(token, claims);
      }
      return claims;
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : null;
    }
  }
}
