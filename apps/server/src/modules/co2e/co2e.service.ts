import { CO2E_METHODS, type TCo2eBooking } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { visibleOrderOrThrow } from '../booking';
import { co2eRepository as repo } from './co2e.repository';
import { glecSourceKey } from './co2e.seed';

const isMethod = (m: string): m is TCo2eBooking['method'] => (CO2E_METHODS as readonly string[]).includes(m);

/** CO2e of one booking (docs/co2e.md), for GET /Co2e/booking/:so_no. */
export const co2eService = {
  /**
   * The figure of a booking the actor may open, computed now from the reference tables (the same SQL as the
   * facts the page reads); a booking without live cargo (cancelled) answers zeros and NO_CARGO.
   */
  async booking(db: Db, actor: Actor, soNo: string): Promise<TCo2eBooking> {
    const order = await visibleOrderOrThrow(db, actor, soNo);
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
};
