import { isExternalProfile, ZCargoTokenResponse } from '@portal/contracts';
import { actorName, requireActor } from '../../platform/access/access';
import { forbidden } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { cargoPlatformAdapter } from './cargo-platform.adapter';
import { perUserTokenCache } from './token-cache';

/**
 * 000 §7 `POST /Auth/GetCargosphereAccessToken`: a short-lived token for the cargo platform, acting for the
 * signed-in user, from the platform's client-credentials endpoint with the forwarder's credentials. Who may
 * ask (docs/decisions.md "Cargo platform"): the `compareso` function (the rate comparison screen opens the
 * platform), and only on an internal profile, whatever an administrator grants an external role. One token
 * per user and instance is reused until shortly before it expires (CARGO_PLATFORM_REFRESH_MARGIN_SECONDS).
 */
export const cargoPlatformRoutes: ModuleRoutes = async (app, { config }) => {
  const platform = cargoPlatformAdapter(config.cargoPlatform);
  const cache = perUserTokenCache({ marginMs: config.cargoPlatform.refreshMarginSeconds * 1000 });

  app.post(
    '/Auth/GetCargosphereAccessToken',
    {
      config: { access: { funcId: 'compareso' } },
      schema: {
        tags: ['auth'],
        summary:
          'A short-lived cargo platform token for the signed-in internal user (503 not configured, 502 platform down or refusing)',
        response: { 200: ZCargoTokenResponse },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      if (isExternalProfile(actor.profile_type)) throw forbidden();
      const platformUrl = platform.webUrl();
      const token = await cache.get(actor.user_uid, () =>
        platform.requestToken({ login_id: actor.login_id, name: actorName(actor) }),
      );
      return {
        access_token: token.accessToken,
        token_type: 'Bearer' as const,
        expires_at: new Date(token.expiresAt).toISOString(),
        expires_in: Math.max(0, Math.floor((token.expiresAt - Date.now()) / 1000)),
        platform_url: platformUrl,
      };
    },
  );
};
