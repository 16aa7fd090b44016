import {
  COUNT_CAP,
  INVOICE_READ_FUNC,
  isExternalProfile,
  money,
  type TInvoiceListQuery,
  type TInvoiceTotals,
  type TInvoiceType,
  type TListQuery,
  ZInvoiceListQuery,
  ZInvoiceStageParams,
  ZInvoiceStageQuery,
  ZInvoiceTotals,
} from '@portal/contracts';
import { type Actor, requireActor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { forbidden } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { invoiceRepository as repo } from './invoice.repository';
import { assertInvoiceUser, invoiceService } from './invoice.service';
import { stageSql } from './invoice-stage.repository';

/**
 * Totals per currency of the invoice lists (issue 38: amounts, currencies and dates were missing and an approver
 * approved blind): Σ total and outstanding of each currency over every row of the filter, not just the page.
 */
async function totalsOf(
  db: Db,
  q: TInvoiceListQuery | TListQuery,
  extra: Parameters<typeof repo.totals>[2],
): Promise<TInvoiceTotals> {
  const rows = await repo.totals(db, q, extra, COUNT_CAP);
  const count = rows.reduce((n, r) => n + r.count, 0);
  if (count > COUNT_CAP) return { capped: true, count: COUNT_CAP, currencies: [] };
  return {
    capped: false,
    count,
    currencies: rows.map((r) => ({
      currency: r.currency,
      count: r.count,
      total_amount: money.round(r.total_amount, r.currency),
      outstanding_amount: money.round(r.outstanding_amount, r.currency),
    })),
  };
}

export const invoiceTotalsService = {
  /** The Search list's totals: the sides the actor may read, as the list itself. */
  search(db: Db, actor: Actor, q: TInvoiceListQuery) {
    assertInvoiceUser(actor);
    const sides = (['AR', 'AP'] as const).filter((t) => actor.funcs.has(INVOICE_READ_FUNC[t]));
    const type = q.inv_type ?? (sides.length === 1 ? sides[0] : undefined);
    if (type && !sides.includes(type)) throw forbidden();
    return totalsOf(db, { ...q, inv_type: type }, []);
  },

  /** One stage list's totals (apSearch/arSearch). */
  stage(db: Db, actor: Actor, type: TInvoiceType, name: string, q: TListQuery) {
    if (isExternalProfile(actor.profile_type)) throw forbidden();
    return totalsOf(db, q, [stageSql(type, invoiceService.stageOf(type, name))]);
  },
};

/** GET /Invoice/totals and /Invoice/{ar|ap}Search/{stage}/totals, guarded as their lists. */
export const invoiceTotalsRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['invoice'];
  app.get(
    '/Invoice/totals',
    {
      config: { access: { funcId: 'm_ap' } },
      schema: { tags, querystring: ZInvoiceListQuery, response: { 200: ZInvoiceTotals } },
    },
    async (req) => invoiceTotalsService.search(db, requireActor(req), req.query),
  );
  for (const [type, funcId] of [
    ['AP', 'm_ap_search'],
    ['AR', 'm_ar_search'],
  ] as const) {
    app.get(
      `/Invoice/${type.toLowerCase()}Search/:stage/totals`,
      {
        config: { access: { funcId } },
        schema: {
          tags,
          params: ZInvoiceStageParams,
          querystring: ZInvoiceStageQuery,
          response: { 200: ZInvoiceTotals },
        },
      },
      async (req) => invoiceTotalsService.stage(db, requireActor(req), type, req.params.stage, req.query),
    );
  }
};
