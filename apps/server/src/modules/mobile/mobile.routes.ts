import {
  BOOKING_MSG,
  ZMobileSiteResponse,
  ZMobileSoParams,
  ZMobileSoResponse,
  ZMobileTokenQuery,
  ZMobileTokenResponse,
} from '@portal/contracts';
import { actorName, requireActor } from '../../platform/access/access';
import { AppError } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { isVisibleBooking } from '../booking';
import { mobileSiteAdapter } from './mobile-site.adapter';

const tags = ['mobile'];
const booking = { access: { funcId: 'booking' } } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Mobile hand-off (000 §7–§8, 001 §7): where the mobile site is, whether it holds an SO, and a one-time token
 * to open it as the signed-in user (the web app then opens `{pvalue}/?soNo=&token=&row_no=`).
 */
export const mobileRoutes: ModuleRoutes = async (app, { db, config }) => {
  const site = mobileSiteAdapter(config.mobile);

  app.get(
    '/Shipment/GetMobileSite',
    {
      config: booking,
      schema: {
        tags,
        summary: "The mobile site's address (404 msgMobileSiteNotFound when not configured)",
        response: { 200: ZMobileSiteResponse },
      },
    },
    async () => [{ pkey: 'MOBILE_SITE' as const, pvalue: site.siteUrl() }],
  );

  app.get(
    '/Shipment/CheckSOExistsInMobile/:so_no',
    {
      config: booking,
      schema: {
        tags,
        summary: 'The master SO number the mobile site holds for a booking the caller may see',
        params: ZMobileSoParams,
        response: { 200: ZMobileSoResponse },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      const { so_no } = req.params;
      if (!(await isVisibleBooking(db, actor, so_no))) throw new AppError(404, BOOKING_MSG.notFound);
      const master = await site.masterSoNo(so_no);
      if (!master) throw new AppError(404, BOOKING_MSG.mobileSoNotFound);
      return { master_so_no: master };
    },
  );

  app.post(
    '/Shipment/AddTokenForRedirectMobileSite',
    {
      config: booking,
      schema: {
        tags,
        summary: 'A one-time token to open the mobile site as the signed-in user (user_uid must be theirs)',
        querystring: ZMobileTokenQuery,
        response: { 200: ZMobileTokenResponse },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      const uid = req.query.user_uid ?? '';
      if (!UUID.test(uid)) throw new AppError(400, BOOKING_MSG.mobileInvalidUser);
      if (uid.toLowerCase() !== actor.user_uid.toLowerCase()) {
        throw new AppError(403, BOOKING_MSG.mobileInvalidUser);
      }
      site.siteUrl();
      const token = await site.addToken({
        user_uid: actor.user_uid,
        login_id: actor.login_id,
        name: actorName(actor),
      });
      return { token };
    },
  );
};
