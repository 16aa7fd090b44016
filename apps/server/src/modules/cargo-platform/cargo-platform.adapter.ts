import { MSG } from '@portal/contracts';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/errors/app-error';
import type { CachedToken } from './token-cache';

/** Whom a token acts for on the platform: the signed-in portal user. */
export interface CargoPlatformUser {
  login_id: string;
  name: string;
}

/** Tokens this short (or shorter) are refused: the browser could not use them before they expire. */
const MIN_LIFETIME_SECONDS = 5;
/** Longest lifetime believed from the platform (a day); a longer one is capped, never trusted blindly. */
const MAX_LIFETIME_SECONDS = 86_400;

/**
 * Adapter to the cargo platform (another company's rate and schedule marketplace; 000 §7
 * GetCargosphereAccessToken) at CARGO_PLATFORM_URL. OAuth 2.0 client credentials: `POST {url}/oauth/token`
 * (form-encoded `grant_type=client_credentials`, the forwarder's CARGO_PLATFORM_CLIENT_ID and _SECRET as
 * HTTP Basic, and the portal user as `subject` / `subject_name`) → `{ access_token, expires_in }`. The
 * platform's web page opens at `{url}/?access_token=`. Answers of the other system are read defensively.
 */
export function cargoPlatformAdapter(cfg: AppConfig['cargoPlatform'], now: () => number = Date.now) {
  /** The settings, or 503 msgCargoPlatformNotConfigured when any is missing. */
  const settings = () => {
    if (!cfg.url || !cfg.clientId || !cfg.clientSecret)
      throw new AppError(503, MSG.cargoPlatformNotConfigured);
    return { url: cfg.url, clientId: cfg.clientId, clientSecret: cfg.clientSecret };
  };

  return {
    /** Where the browser opens the platform (its landing page takes `?access_token=`). */
    webUrl(): string {
      return `${settings().url}/`;
    },

    /**
     * A new access token for the user. Unreachable, timing out, failing (5xx) or answering nonsense →
     * 502 msgCargoPlatformUnavailable; credentials refused (400/401/403) → 502 msgCargoPlatformRefused.
     */
    async requestToken(user: CargoPlatformUser): Promise<CachedToken> {
      const s = settings();
      const basic = Buffer.from(
        `${encodeURIComponent(s.clientId)}:${encodeURIComponent(s.clientSecret)}`,
      ).toString('base64');
      let res: Response;
      try {
        res = await fetch(`${s.url}/oauth/token`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${basic}`,
          },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            subject: user.login_id,
            subject_name: user.name,
          }).toString(),
          signal: AbortSignal.timeout(cfg.timeoutMs),
          redirect: 'error',
        });
      } catch {
        throw new AppError(502, MSG.cargoPlatformUnavailable);
      }
      if ([400, 401, 403].includes(res.status)) {
        await res.body?.cancel().catch(() => undefined);
        throw new AppError(502, MSG.cargoPlatformRefused);
      }
      const body = res.ok
        ? ((await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null)
        : null;
      const token = body?.access_token;
      const lifetime = Number(body?.expires_in);
      if (
        typeof token !== 'string' ||
        !/^[A-Za-z0-9._~+/=-]{8,2048}$/.test(token) ||
        !Number.isFinite(lifetime) ||
        lifetime < MIN_LIFETIME_SECONDS
      ) {
        throw new AppError(502, MSG.cargoPlatformUnavailable);
      }
      return {
        accessToken: token,
        expiresAt: now() + Math.min(lifetime, MAX_LIFETIME_SECONDS) * 1000,
      };
    },
  };
}
export type CargoPlatformAdapter = ReturnType<typeof cargoPlatformAdapter>;
