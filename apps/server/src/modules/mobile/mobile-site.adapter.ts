import { BOOKING_MSG } from '@portal/contracts';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/errors/app-error';

/** Who asks for a hand-off token: the signed-in user. */
export interface MobileTokenUser {
  user_uid: string;
  login_id: string;
  name: string;
}

/**
 * Adapter to the company's mobile site (another system, 000 §7 mobile hand-off) at MOBILE_SITE_URL, with
 * MOBILE_SITE_API_KEY sent as `x-api-key` when set. Its API: `GET /api/shipments/{so_no}` → 200
 * `{ master_so_no }` or 404; `POST /api/tokens {user_uid, login_id, name}` → `{ token }`. The site's own page
 * opens at `{url}/?soNo=&token=&row_no=`. Answers of the other system are read defensively.
 */
export function mobileSiteAdapter(cfg: AppConfig['mobile']) {
  const call = (path: string, init: RequestInit = {}) => {
    if (!cfg.siteUrl) throw new AppError(404, BOOKING_MSG.mobileSiteNotFound);
    return fetch(`${cfg.siteUrl}${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {}),
      },
      signal: AbortSignal.timeout(cfg.timeoutMs),
      redirect: 'error',
    });
  };

  return {
    /** The mobile site's address; 404 msgMobileSiteNotFound when it is not configured. */
    siteUrl(): string {
      if (!cfg.siteUrl) throw new AppError(404, BOOKING_MSG.mobileSiteNotFound);
      return cfg.siteUrl;
    },

    /**
     * The master SO number the mobile site holds for an SO, or null when the SO is not there. Unreachable,
     * refusing or answering nonsense → 502 msgMobileSiteUnavailable.
     */
    async masterSoNo(soNo: string): Promise<string | null> {
      let res: Response;
      try {
        res = await call(`/api/shipments/${encodeURIComponent(soNo)}`);
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError(502, BOOKING_MSG.mobileSiteUnavailable);
      }
      if (res.status === 404) return null;
      const body = res.ok
        ? ((await res.json().catch(() => null)) as { master_so_no?: unknown } | null)
        : null;
      const master = body?.master_so_no;
      if (typeof master !== 'string' || !master.trim() || master.length > 40) {
        throw new AppError(502, BOOKING_MSG.mobileSiteUnavailable);
      }
      return master.trim();
    },

    /** A one-time token for the user to open the mobile site; any failure → 502 msgMobileAddTokenFail. */
    async addToken(user: MobileTokenUser): Promise<string> {
      let res: Response;
      try {
        res = await call('/api/tokens', { method: 'POST', body: JSON.stringify(user) });
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError(502, BOOKING_MSG.mobileAddTokenFail);
      }
      const body = res.ok ? ((await res.json().catch(() => null)) as { token?: unknown } | null) : null;
      const token = body?.token;
      if (typeof token !== 'string' || !/^[A-Za-z0-9._~-]{8,512}$/.test(token)) {
        throw new AppError(502, BOOKING_MSG.mobileAddTokenFail);
      }
      return token;
    },
  };
}
export type MobileSiteAdapter = ReturnType<typeof mobileSiteAdapter>;
