import { CO2E_METHODS, type TCo2eBooking, ZCo2eBooking } from '@portal/contracts';
import { z } from 'zod';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { visibleOrderOrThrow } from '../booking';
import { registerCo2ePage } from './co2e.page';
import { registerCo2eHooks } from './co2e.refresh';
import { co2eRepository as repo } from './co2e.repository';
import { glecSourceKey } from './co2e.seed';

const tags = ['co2e'];
/** Guarded like the booking detail: whoever may open the booking (its parties' users too) sees its CO2e. */
const booking = { access: { funcId: 'booking' } } as const;
const ZSoParams = z.object({ so_no: z.string().trim().min(1).max(40) });

const isMethod = (m: string): m is TCo2eBooking['method'] => (CO2E_METHODS as readonly string[]).includes(m);

/**
 * CO2e (issue 17, docs/co2e.md): the figure of one booking computed now from the reference tables (the same
 * SQL as the facts the page reads), the CO2eEmissionReportPBI page, the booking hook and the sweep.
 */
export const co2eRoutes: ModuleRoutes = (app, { db }) => {
  registerCo2eHooks();
  registerCo2ePage();

  app.get(
    '/Co2e/booking/:so_no',
    { config: booking, schema: { tags, params: ZSoParams, response: { 200: ZCo2eBooking } } },
    async (req): Promise<TCo2eBooking> => {
      const order = await visibleOrderOrThrow(db, requireActor(req), req.params.so_no);
      const live = await repo.live(db, order.so_id);
      if (!live)
        return {
          so_no: order.so_no,
          pol: order.pol,
          pod: order.pod,
          mode: order.transport_mode,
          service: order.service_type,
          teu: '0',
          tonnes: '0',
          distance_km: null,
          factor_unit: null,
          factor: null,
          kg_co2e: null,
          method: 'NO_CARGO',
          source: null,
          source_key: null,
          scope: null,
          cancelled: true,
        };
      return {
        so_no: live.so_no,
        pol: live.pol,
        pod: live.pod,
        mode: live.mode,
        service: live.service,
        teu: live.teu,
        tonnes: live.tonnes,
        distance_km: live.distance_km,
        factor_unit: live.factor_unit,
        factor: live.factor,
        kg_co2e: live.kg_co2e,
        method: isMethod(live.method) ? live.method : 'NO_FACTOR',
        source: live.source,
        source_key: glecSourceKey(live.source),
        scope: live.scope,
        cancelled: false,
      };
    },
  );
};
