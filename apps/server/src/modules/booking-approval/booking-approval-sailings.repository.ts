import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { soEquipment } from '../booking';
import { sailingSchedules } from '../sailing-schedule';

export type SailingRow = typeof sailingSchedules.$inferSelect;

/** What pricing and the comparison read: a booking's equipment and the sailings on its lane. */
export const approvalSailingsRepository = {
  /** The booking's equipment lines in order (size type and quantity). */
  equipment(db: DbOrTx, soId: number) {
    return db
      .select({ size_type: soEquipment.size_type, qty: soEquipment.qty })
      .from(soEquipment)
      .where(eq(soEquipment.so_id, soId))
      .orderBy(asc(soEquipment.line_no));
  },

  /** The active sailing with this id. */
  async activeSailing(db: DbOrTx, id: number): Promise<SailingRow | undefined> {
    const [row] = await db
      .select()
      .from(sailingSchedules)
      .where(and(eq(sailingSchedules.sailing_schedule_id, id), eq(sailingSchedules.status, 'A')));
    return row;
  },

  /** Active sailings POL → POD departing between `from` and `to` (dates), by ETD, at most `limit`. */
  candidateSailings(db: DbOrTx, q: { pol: string; pod: string; from: string; to: string; limit: number }) {
    return db
      .select()
      .from(sailingSchedules)
      .where(
        and(
          eq(sailingSchedules.pol, q.pol),
          eq(sailingSchedules.pod, q.pod),
          eq(sailingSchedules.status, 'A'),
          gte(sailingSchedules.etd, q.from),
          lte(sailingSchedules.etd, q.to),
        ),
      )
      .orderBy(asc(sailingSchedules.etd), asc(sailingSchedules.sailing_schedule_id))
      .limit(q.limit);
  },
};
