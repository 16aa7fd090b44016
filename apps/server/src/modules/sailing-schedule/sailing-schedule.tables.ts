import { SAILING_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, cutoffColumns, statusCheck, statusText } from '../../platform/db/columns';

/**
 * Sailing schedules (001 §3 Sailing schedule). ETD/ETA are port-local calendar dates; the cut-offs the port's local
 * wall-clock time as published by the carrier (`timestamp` without zone).
 */
export const sailingSchedules = pgTable(
  'sailing_schedules',
  {
    sailing_schedule_id: serial('sailing_schedule_id').primaryKey(),
    carrier_code: text('carrier_code').notNull(),
    vessel_name: text('vessel_name').notNull(),
    imo: text('imo'),
    voyage: text('voyage').notNull(),
    service_name: text('service_name'),
    service_code: text('service_code'),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    eta: date('eta', { mode: 'string' }).notNull(),
    transshipment_port: text('transshipment_port'),
    ...cutoffColumns(),
    is_manual: boolean('is_manual').notNull().default(true),
    is_tbc: boolean('is_tbc').notNull().default(false),
    status: statusText('status', SAILING_STATUSES).notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    // The comparison query (issue 6): sailings from POL to POD departing in a date range.
    index('sailing_schedules_lane_etd_idx').on(t.pol, t.pod, t.etd),
    index('sailing_schedules_etd_idx').on(t.etd, t.sailing_schedule_id),
    index('sailing_schedules_carrier_etd_idx').on(t.carrier_code, t.etd),
    // The monthly TBC refresh touches only TBC sailings.
    index('sailing_schedules_tbc_idx').on(t.sailing_schedule_id).where(sql`${t.is_tbc}`),
    index('sailing_schedules_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.vessel_name} || ' ' || ${t.voyage} || ' ' || coalesce(${t.service_code}, '') || ' ' || coalesce(${t.service_name}, '') || ' ' || coalesce(${t.imo}, ''))) gin_trgm_ops`,
    ),
    statusCheck('sailing_schedules', 'status', SAILING_STATUSES),
  ],
);

/** Legs of a sailing in order (seq from 1): ETD, ETA, vessel, voyage, service, port from/to. */
export const sailingScheduleLegs = pgTable(
  'sailing_schedule_legs',
  {
    id: serial('id').primaryKey(),
    sailing_schedule_id: integer('sailing_schedule_id')
      .notNull()
      .references(() => sailingSchedules.sailing_schedule_id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    eta: date('eta', { mode: 'string' }).notNull(),
    vessel_name: text('vessel_name').notNull(),
    voyage: text('voyage').notNull(),
    service_code: text('service_code'),
    port_from: text('port_from').notNull(),
    port_to: text('port_to').notNull(),
  },
  (t) => [uniqueIndex('sailing_schedule_legs_seq_uq').on(t.sailing_schedule_id, t.seq)],
);
