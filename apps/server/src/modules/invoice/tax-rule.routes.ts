import {
  type TTaxRule,
  ZChargeCodeListQuery,
  ZTaxDefault,
  ZTaxDefaultQuery,
  ZTaxDefaults,
  ZTaxDefaultsQuery,
  ZTaxRule,
  ZTaxRuleFields,
  ZTaxRuleIdParams,
  ZTaxRuleList,
  ZUpdateTaxRuleRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { chargeCodeService } from './charge-code.service';
import type { TaxRuleRow } from './tax-rule.repository';
import { taxRuleService } from './tax-rule.service';

const tags = ['invoice'];
/** Finance keeps the rules (Invoices → Tax Rules); every invoice editor asks for a line's default. */
const keep = { access: { funcId: 'inv_tax_rule' } } as const;
const edit = { access: { funcId: 'inv_edit' } } as const;

const trimRate = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v) || '0';
export const presentTaxRule = (r: TaxRuleRow): TTaxRule => ({
  id: r.id,
  company_id: r.company_id,
  office_country: r.office_country,
  customer_country: r.customer_country,
  charge_code: r.charge_code,
  scope: r.scope as TTaxRule['scope'],
  tax_code: r.tax_code,
  tax_rate: trimRate(r.tax_rate),
  source: r.source,
  effective_from: r.effective_from,
  effective_to: r.effective_to,
  version: r.version,
  updated_at: r.updated_at,
  updated_by: r.updated_by,
});

/** Tax rules (issue 38, docs/invoices.md "Tax rules"), under /api/v1. */
export const taxRuleRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/TaxRule/default',
    { config: edit, schema: { tags, querystring: ZTaxDefaultQuery, response: { 200: ZTaxDefault } } },
    async (req) => taxRuleService.defaultTax(db, req.query),
  );
  app.get(
    '/TaxRule/defaults',
    { config: edit, schema: { tags, querystring: ZTaxDefaultsQuery, response: { 200: ZTaxDefaults } } },
    async (req) =>
      taxRuleService.defaultTaxes(
        db,
        req.query,
        (await chargeCodeService.list(db, requireActor(req), ZChargeCodeListQuery.parse({}))).map(
          (c) => c.charge_code,
        ),
      ),
  );
  app.get('/TaxRule', { config: keep, schema: { tags, response: { 200: ZTaxRuleList } } }, async () =>
    (await taxRuleService.list(db)).map(presentTaxRule),
  );
  app.get(
    '/TaxRule/:id',
    { config: keep, schema: { tags, params: ZTaxRuleIdParams, response: { 200: ZTaxRule } } },
    async (req) => presentTaxRule(await taxRuleService.get(db, req.params.id)),
  );
  app.post(
    '/TaxRule',
    { config: keep, schema: { tags, body: ZTaxRuleFields, response: { 201: ZTaxRule } } },
    async (req, reply) => {
      reply.code(201);
      return presentTaxRule(await taxRuleService.create(db, requireActor(req), req.body));
    },
  );
  app.put(
    '/TaxRule/:id',
    {
      config: keep,
      schema: { tags, params: ZTaxRuleIdParams, body: ZUpdateTaxRuleRequest, response: { 200: ZTaxRule } },
    },
    async (req) =>
      presentTaxRule(await taxRuleService.update(db, requireActor(req), req.params.id, req.body)),
  );
};
