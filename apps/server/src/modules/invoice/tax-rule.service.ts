import {
  money,
  TAX_RULE_MSG,
  type TTaxDefault,
  type TTaxRuleFields,
  taxCodeFitsCountry,
  ZTaxRuleFields,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, notFound, unprocessable } from '../../platform/errors/app-error';
import { taxRuleRepository as repo, type TaxRuleRow } from './tax-rule.repository';

export const TAX_RULE_ENTITY = 'tax_rule';
type Fields = z.output<typeof ZTaxRuleFields>;
const TRACKED = [
  'company_id',
  'office_country',
  'customer_country',
  'charge_code',
  'scope',
  'tax_code',
  'tax_rate',
  'source',
  'effective_from',
  'effective_to',
] as const;

/**
 * How specific a rule is: a charge code weighs most, then the customer's country, then local/overseas, then
 * the company. The most specific rule in force wins; among equals the latest start, then the newest rule.
 */
const weight = (r: TaxRuleRow) =>
  (r.charge_code ? 8 : 0) +
  (r.customer_country ? 4 : 0) +
  (r.scope !== 'ANY' ? 2 : 0) +
  (r.company_id ? 1 : 0);

/** What a resolution needs once per invoice header: the office, the customer and the rules in force. */
async function headerContext(
  db: DbOrTx,
  o: { officeCode: string; accountCode?: string | null; isOverseas?: boolean; date: string },
) {
  const office = await repo.office(db, o.officeCode);
  if (!office) return null;
  const customer = o.accountCode ? await repo.partyCountry(db, o.accountCode) : null;
  const overseas = o.isOverseas ?? (!!customer && customer !== office.country_code);
  const rules = await repo.inForce(db, office.country_code, o.date);
  return { office, customer, scope: overseas ? 'OVERSEAS' : 'LOCAL', rules };
}

/** The most specific matching rule of a header's context for one charge. */
function pickRule(ctx: NonNullable<Awaited<ReturnType<typeof headerContext>>>, chargeCode: string) {
  const rules = ctx.rules.filter(
    (r) =>
      (!r.company_id || r.company_id === ctx.office.group_id) &&
      (!r.customer_country || r.customer_country === ctx.customer) &&
      (!r.charge_code || r.charge_code === chargeCode) &&
      (r.scope === 'ANY' || r.scope === ctx.scope),
  );
  rules.sort(
    (a, b) =>
      weight(b) - weight(a) ||
      (a.effective_from < b.effective_from ? 1 : a.effective_from > b.effective_from ? -1 : 0) ||
      b.id - a.id,
  );
  return rules[0] ?? null;
}

/** The rule that gives a charge line its default tax (docs/invoices.md "Tax rules"), or null. */
export async function resolveTaxRule(
  db: DbOrTx,
  o: {
    officeCode: string;
    accountCode?: string | null;
    chargeCode: string;
    isOverseas?: boolean;
    date: string;
  },
): Promise<TaxRuleRow | null> {
  const ctx = await headerContext(db, o);
  return ctx ? pickRule(ctx, o.chargeCode) : null;
}

const answer = (rule: TaxRuleRow | null): TTaxDefault =>
  rule
    ? {
        tax_code: rule.tax_code,
        tax_rate: rule.tax_rate.replace(/\.?0+$/, '') || '0',
        rule_id: rule.id,
        source: rule.source,
      }
    : { tax_code: null, tax_rate: null, rule_id: null, source: null };

/** Refuses a rule whose tax code does not exist in its office country, or that ends before it starts. */
function check(v: Fields) {
  if (!taxCodeFitsCountry(v.tax_code, v.office_country))
    throw unprocessable(TAX_RULE_MSG.taxCodeNotForCountry, [
      {
        field: 'tax_code',
        msgKey: TAX_RULE_MSG.taxCodeNotForCountry,
        params: { code: v.tax_code, country: v.office_country },
      },
    ]);
  if (v.effective_to && v.effective_to < v.effective_from)
    throw unprocessable(TAX_RULE_MSG.endBeforeStart, [
      { field: 'effective_to', msgKey: TAX_RULE_MSG.endBeforeStart },
    ]);
}
const duplicate = () =>
  new AppError(409, TAX_RULE_MSG.duplicate, {
    details: [{ field: 'effective_from', msgKey: TAX_RULE_MSG.duplicate }],
  });
const rowOf = (v: Fields) => ({
  company_id: v.company_id ?? null,
  office_country: v.office_country,
  customer_country: v.customer_country ?? null,
  charge_code: v.charge_code ?? null,
  scope: v.scope,
  tax_code: v.tax_code,
  tax_rate: money.round(v.tax_rate, { scale: 4 }),
  source: v.source,
  effective_from: v.effective_from,
  effective_to: v.effective_to ?? null,
});

/**
 * Create and update with version check and history (versionedRecord): a rule with the same conditions and
 * start answers 409; the user's name stamps the row; a create records every tracked field and every save
 * records an update entry, changed or not.
 */
const versioned = versionedRecord<TaxRuleRow, ReturnType<typeof rowOf>>({
  entityType: TAX_RULE_ENTITY,
  repo,
  idOf: (r) => r.id,
  editable: TRACKED,
  check: async (tx, r, id) => {
    if (await repo.sameConditions(tx, r, id)) throw duplicate();
  },
  stampOf: actorName,
  createdValues: (row) => Object.fromEntries(TRACKED.map((f) => [f, row[f]])),
  recordUnchanged: true,
});

/** Tax rule maintenance (finance, `inv_tax_rule`) and the default a line editor asks for (`inv_edit`). */
export const taxRuleService = {
  list: (db: Db) => repo.all(db),

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  async create(db: Db, actor: Actor, input: TTaxRuleFields) {
    const v = ZTaxRuleFields.parse(input);
    check(v);
    return versioned.create({ db, input: rowOf(v), actor });
  },

  async update(db: Db, actor: Actor, id: number, input: TTaxRuleFields & { version: number }) {
    const v = ZTaxRuleFields.parse(input);
    check(v);
    return versioned.update({ db, id, input: { ...rowOf(v), version: input.version }, actor });
  },

  /** The default tax code and rate of a charge on an invoice header; nulls when no rule applies. */
  async defaultTax(db: Db, q: TaxDefaultQuery & { charge_code: string }): Promise<TTaxDefault> {
    const ctx = await contextOf(db, q);
    return answer(ctx ? pickRule(ctx, q.charge_code) : null);
  },

  /** The defaults of every charge code on a header at once (the line editor sets a picked charge's at once). */
  async defaultTaxes(db: Db, q: TaxDefaultQuery, chargeCodes: readonly string[]) {
    const ctx = await contextOf(db, q);
    return Object.fromEntries(chargeCodes.map((c) => [c, answer(ctx ? pickRule(ctx, c) : null)]));
  },
};

interface TaxDefaultQuery {
  office_code?: string;
  job_no?: string;
  account_code?: string;
  is_overseas?: boolean;
  date?: string;
}
async function contextOf(db: Db, q: TaxDefaultQuery) {
  const office = q.office_code ?? (q.job_no ? await repo.officeOfJob(db, q.job_no) : null);
  if (!office) return null;
  return headerContext(db, {
    officeCode: office,
    accountCode: q.account_code,
    isOverseas: q.is_overseas,
    date: q.date ?? new Date().toISOString().slice(0, 10),
  });
}
