import {
  PERIOD_FUNC,
  type TPeriodKind,
  ZPeriodActionResponse,
  ZPeriodCloseRequest,
  ZPeriodListQuery,
  ZPeriodListResponse,
  ZPeriodQuery,
  ZPeriodReopenRequest,
  ZPeriodView,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { ledgerClient } from '../ledger';
import { registerPeriodChecks } from './period.guard';
import { periodService } from './period.service';

const tags = ['period'];

/** Where each close screen's calls live (002 §2 route names) and the function guarding them. */
const BASES: Record<TPeriodKind, string> = { TRADE: '/InvoiceClose', GENERIC: '/InvoiceGenericClose' };

/**
 * Period close (issue 15): `/InvoiceClose/*` [inv_closing] and `/InvoiceGenericClose/*` [inv_generic_closing],
 * the same four calls each. A reopen asks the ledger (ACCOUNTING_URL) whether it has closed the month.
 */
export const periodRoutes: ModuleRoutes = (app, { db, config }) => {
  const ledger = ledgerClient(config.accounting);
  registerPeriodChecks();
  for (const kind of ['TRADE', 'GENERIC'] as const) {
    const base = BASES[kind];
    const access = { access: { funcId: PERIOD_FUNC[kind] } } as const;

    app.get(
      base,
      { config: access, schema: { tags, querystring: ZPeriodQuery, response: { 200: ZPeriodView } } },
      async (req) => periodService.view(db, requireActor(req), kind, req.query),
    );

    app.get(
      `${base}/periods`,
      {
        config: access,
        schema: { tags, querystring: ZPeriodListQuery, response: { 200: ZPeriodListResponse } },
      },
      async (req) => periodService.periods(db, requireActor(req), kind, req.query.office_code || undefined),
    );

    app.post(
      `${base}/close`,
      {
        config: access,
        schema: { tags, body: ZPeriodCloseRequest, response: { 200: ZPeriodActionResponse } },
      },
      async (req) => periodService.close(db, requireActor(req), kind, req.body),
    );

    app.post(
      `${base}/reopen`,
      {
        config: access,
        schema: { tags, body: ZPeriodReopenRequest, response: { 200: ZPeriodActionResponse } },
      },
      async (req) => periodService.reopen(db, requireActor(req), kind, req.body, ledger),
    );
  }
};
