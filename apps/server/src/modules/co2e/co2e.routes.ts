import { ZCo2eBooking, ZSoNoParams } from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerCo2ePage } from './co2e.page';
import { registerCo2eHooks } from './co2e.refresh';
import { co2eService } from './co2e.service';

const tags = ['co2e'];
/** Guarded like the booking detail: whoever may open the booking (its parties' users too) sees its CO2e. */
const booking = { access: { funcId: 'booking' } } as const;

/**
 * CO2e (issue 17, docs/co2e.md): the figure of one booking computed now from the reference tables (the same
 * SQL as the facts the page reads), the CO2eEmissionReportPBI page, the booking hook and the sweep.
 */
export const co2eRoutes: ModuleRoutes = (app, { db }) => {
  registerCo2eHooks();
  registerCo2ePage();

  app.get(
    '/Co2e/booking/:so_no',
    { config: booking, schema: { tags, params: ZSoNoParams, response: { 200: ZCo2eBooking } } },
    async (req) => co2eService.booking(db, requireActor(req), req.params.so_no),
  );
};
