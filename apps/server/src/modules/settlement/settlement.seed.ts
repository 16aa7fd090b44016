import { money } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { DEMO_FINANCE } from '../../platform/seed/demo-people';
import { seedActor } from '../../platform/seed/seed-actor';
import { settlementService } from './settlement.service';

const METHODS = ['BANK_TRANSFER', 'CHEQUE', 'BANK_TRANSFER', 'CASH'] as const;
const DAY = 86_400_000;
/** The seed settles at most this many invoices (the 12-month history can hold thousands). */
const MAX_SETTLED = 1500;

/**
 * Demo settlements (empty settlement table only; seed/demo.ts runs it after the finance history seed): of the
 * posted invoices with something outstanding that were posted 15+ days ago, two in three are settled, one of
 * those two in full and the other in part (about half), 10–30 days after posting; the newest and every third
 * stay open so the overdue figures stay real. Foreign-currency receipts and payments are at a rate a little off
 * the invoice's, so the Settlement panel shows exchange differences.
 */
export async function seedDemoSettlements(db: Db, now = new Date()) {
  const { rows: done } = await db.execute<{ n: number }>(sql`select count(*)::int as n from settlements`);
  if (done[0].n > 0) return;
  const actor = await seedActor(db, DEMO_FINANCE, 'FINANCE');
  if (!actor) return;
  const { rows } = await db.execute<{
    inv_id: number;
    version: number;
    currency: string;
    base_currency: string;
    exchange_rate: string;
    outstanding_amount: string;
    posted_at: string | null;
  }>(sql`
    select inv_id, version, currency, base_currency, exchange_rate::text, outstanding_amount::text,
           posted_at::text
      from invoices
     where status = 'POSTED' and outstanding_amount <> 0 and settled_amount = 0
       and coalesce(posted_at, updated_at) < ${new Date(now.getTime() - 15 * DAY).toISOString()}
     order by coalesce(posted_at, updated_at), inv_id
     limit ${Math.ceil((MAX_SETTLED * 3) / 2)}`);
  for (const [i, r] of rows.entries()) {
    if (i % 3 === 2) continue;
    const posted = r.posted_at ? new Date(r.posted_at) : new Date(now.getTime() - 30 * DAY);
    const on = new Date(Math.min(now.getTime(), posted.getTime() + (10 + (i % 21)) * DAY));
    // A rate up to ±0.3 % off the invoice's: what the bank gave on the day.
    const rate =
      r.currency === r.base_currency
        ? null
        : money.round(money.mul(r.exchange_rate, money.add('1', money.div(String((i % 7) - 3), '1000'))), {
            scale: 6,
          });
    const partial = i % 3 === 1;
    const amount = partial ? money.round(money.div(r.outstanding_amount, '2'), r.currency) : null;
    try {
      await settlementService.create(db, actor, {
        settlement_date: on.toISOString().slice(0, 10),
        method: METHODS[i % METHODS.length],
        bank_ref: `DEMO-BK-${String(r.inv_id).padStart(6, '0')}`,
        currency: r.currency,
        exchange_rate: rate,
        amount: null,
        remarks: partial ? 'Part payment (demo)' : null,
        invoices: [{ inv_id: r.inv_id, version: r.version, amount, lines: null }],
      });
    } catch {
      // A demo invoice the rules refuse (e.g. mixed lines) is left unsettled: the seed never breaks the demo.
    }
  }
}
