import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rebuildReliabilityCube } from './carrier-actuals.repository';

/** Most past sailings the demo creates for booked departures without one. */
const MAX_SAILINGS = 3000;

/**
 * Demo (after every booking seed and the CO2e facts; docs/analytics.md "Carrier pages"): twelve months of
 * schedule reliability and roll-overs, and a few MQC contracts, so the carrier pages show shapes on first
 * sign-in.
 * - Past sea bookings with a carrier but no sailing get one (one per carrier, POL, POD and ETD), so drill-downs
 *   from a sailing figure reach bookings.
 * - Every past sailing of the last 13 months gets DEMO actuals: a delay drawn per sailing from its id, with
 *   each carrier's own reliability (some around 80 % on time, some around 45 %).
 * - About one booking in 25 was rolled from a sailing a week earlier.
 * - The four carriers with the most TEU get a 12-month contract that started 9-10 months ago, MQCs set so one
 *   is ahead, one on track and two behind.
 */
export async function seedDemoCarrierAnalytics(db: Db, today = new Date()) {
  const day = today.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with g as (
        select so.carrier_code, so.pol, so.pod, so.etd, min(so.eta) as eta,
               coalesce(min(so.vessel_name), 'DEMO EXPRESS') as vessel, coalesce(min(so.voyage), to_char(so.etd, 'IYIW') || 'E') as voyage
          from shipping_orders so
         where so.transport_mode = 'SEA' and so.carrier_code is not null and so.sailing_id is null
           and so.etd between ${day}::date - 395 and ${day}::date - 1
         group by so.carrier_code, so.pol, so.pod, so.etd
         order by so.etd desc limit ${MAX_SAILINGS}),
      ins as (
        insert into sailing_schedules (carrier_code, vessel_name, voyage, pol, pod, etd, eta, is_manual, status,
                                       created_by, updated_by)
        select carrier_code, vessel, voyage, pol, pod, etd, greatest(eta, etd + 1), true, 'A', 'seed', 'seed' from g
        returning sailing_schedule_id, carrier_code, pol, pod, etd)
      update shipping_orders so set sailing_id = ins.sailing_schedule_id
        from ins
       where so.carrier_code = ins.carrier_code and so.pol = ins.pol and so.pod = ins.pod and so.etd = ins.etd
         and so.sailing_id is null and so.transport_mode = 'SEA'`);

    // Per-carrier reliability: the share of sailings on time (within a day) from a hash of the carrier code.
    await tx.execute(sql`
      insert into sailing_actuals (sailing_schedule_id, carrier_code, pol, pod, planned_etd, planned_eta,
                                   actual_departure, actual_arrival, source)
      select s.sailing_schedule_id, s.carrier_code, s.pol, s.pod, s.etd, s.eta,
             s.etd + d.dep, case when s.eta + d.dep + d.arr <= ${day}::date then s.eta + d.dep + d.arr end, 'DEMO'
        from sailing_schedules s
        cross join lateral (select abs(hashtext(s.carrier_code)) % 40 as skill,
                                   abs(hashtext(s.sailing_schedule_id::text || 'd')) % 100 as r1,
                                   abs(hashtext(s.sailing_schedule_id::text || 'a')) % 100 as r2) h
        cross join lateral (select
            case when h.r1 < 45 + h.skill then (h.r1 % 3) - 1 else 2 + h.r1 % 6 end as dep,
            case when h.r2 < 50 + h.skill then 0 else 1 + h.r2 % 4 end as arr) d
       where s.etd between ${day}::date - 395 and ${day}::date - 1 and not s.is_tbc
      on conflict (sailing_schedule_id) do nothing`);
    // The reliability pages read the cube of these actuals.
    await rebuildReliabilityCube(tx);

    await tx.execute(sql`
      insert into booking_rollovers (so_id, so_no, carrier_code, from_sailing_id, to_sailing_id, from_etd, to_etd, rolled_at)
      select so.so_id, so.so_no, so.carrier_code, null, so.sailing_id, so.etd - 7, so.etd, (so.etd - 9)::timestamptz
        from shipping_orders so
       where so.transport_mode = 'SEA' and so.carrier_code is not null and so.status <> 'CANCELLED'
         and so.etd between ${day}::date - 388 and ${day}::date + 30
         and abs(hashtext(so.so_no)) % 25 = 0
         and not exists (select 1 from booking_rollovers r where r.so_id = so.so_id)`);

    await tx.execute(sql`
      with start as (select (date_trunc('month', ${day}::date) - interval '9 months')::date as d),
      top as (
        select f.carrier_code, sum(f.teu) as teu, row_number() over (order by sum(f.teu) desc, f.carrier_code) as rn
          from co2e_shipment_facts f, start
         where f.carrier_code is not null and f.etd between start.d and ${day}::date
         group by f.carrier_code order by 2 desc limit 4),
      lane as (
        select distinct on (f.carrier_code) f.carrier_code, f.pol || '-' || f.pod as lane
          from co2e_shipment_facts f join top on top.carrier_code = f.carrier_code, start
         where f.etd between start.d and ${day}::date
         group by f.carrier_code, f.pol, f.pod order by f.carrier_code, sum(f.teu) desc)
      insert into carrier_contracts (carrier_code, contract_no, valid_from, valid_to, mqc_teu, lanes, remarks,
                                     created_by, updated_by)
      select top.carrier_code, 'SC-' || to_char(start.d, 'YYYY') || '-' || top.carrier_code, start.d,
             (start.d + interval '1 year' - interval '1 day')::date,
             greatest(10, round(top.teu * (365.0 / greatest(1, ${day}::date - start.d + 1))
                               * (array[0.8, 1.0, 1.25, 1.6])[top.rn]))::numeric(12, 2),
             case when top.rn = 2 then array[lane.lane] else '{}'::text[] end,
             'Demo service contract', 'seed', 'seed'
        from top join lane on lane.carrier_code = top.carrier_code, start
      on conflict do nothing`);
  });
}
