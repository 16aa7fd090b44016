import type { SOPMS_SORTABLE, TSopmsListQuery, TSopmsSection } from '@portal/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, executeRendered } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { type ListSpec, listPage, listWhere } from '../../platform/list/list-query';
import { sopmsOverrides, sopmsRules, sopmsTemplates } from './sopms.tables';

export type SopmsTemplateRow = typeof sopmsTemplates.$inferSelect;
export type SopmsTemplateInsert = typeof sopmsTemplates.$inferInsert;
export type SopmsRuleRow = typeof sopmsRules.$inferSelect;
type Sort = (typeof SOPMS_SORTABLE)[number];
const t = sopmsTemplates;

const spec: ListSpec<Sort> = {
  table: t,
  sortable: {
    name: t.name,
    validation_group: t.validation_group,
    override_level: t.override_level,
    status: t.status,
    updated_at: t.updated_at,
  },
  defaultSort: 'name',
  tiebreak: t.tmplib_id,
  // Thousands of templates per section, read by a few maintainers: a LIKE over the section is enough.
  searchText: sql`lower(${t.name} || ' ' || ${t.validation_group} || ' ' || array_to_string(${t.account_codes}, ' ') || ' ' || array_to_string(${t.customer_codes}, ' '))`,
};

/** What the check reads of an invoice: header, its SOs' facts, its lines. */
export interface InvoiceFacts {
  inv_id: number;
  inv_type: string;
  kind: string;
  status: string;
  account_code: string;
  office_code: string;
  is_overseas: boolean;
  invoice_date: string | null;
  sub_type: string | null;
  issue_party_code: string | null;
  etds: string[];
  customers: string[];
  consignees: string[];
  notify_parties: string[];
  agents: string[];
  transport_modes: string[];
  service_types: string[];
  lines: { line_no: number; charge_code: string; unit_price: string; tax_code: string | null }[];
}

const uniq = (v: (string | null)[]) => [...new Set(v.filter((x): x is string => !!x))];

/** The keys an invoice offers the anchor lookup: '*' plus one per criterion value (see sopms.tables.ts). */
export function probeKeys(f: InvoiceFacts): string[] {
  return [
    '*',
    `acct:${f.account_code}`,
    ...f.customers.map((c) => `cust:${c}`),
    ...f.consignees.map((c) => `cons:${c}`),
    ...f.notify_parties.map((c) => `notify:${c}`),
    ...(f.issue_party_code ? [`issue:${f.issue_party_code}`] : []),
    ...f.agents.map((c) => `agent:${c}`),
    `office:${f.office_code}`,
    `kind:${f.kind}`,
    ...f.transport_modes.map((c) => `mot:${c}`),
    ...f.service_types.map((c) => `svc:${c}`),
  ];
}

/** SOPMS template, rule and override queries, and the invoice facts the check reads. */
export const sopmsRepository = {
  page(db: DbOrTx, section: TSopmsSection, q: TSopmsListQuery) {
    const where = listWhere(spec, q.q, [
      eq(t.section_code, section),
      q.status ? eq(t.status, q.status) : undefined,
    ]);
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select({
          t,
          rule_count: sql<number>`(select count(*)::int from sopms_rules r where r.tmplib_id = ${t.tmplib_id})`,
        })
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const q = db.select().from(t).where(eq(t.tmplib_id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  rulesOf(db: DbOrTx, ids: number[]) {
    if (!ids.length) return Promise.resolve([] as SopmsRuleRow[]);
    return db
      .select()
      .from(sopmsRules)
      .where(inArray(sopmsRules.tmplib_id, ids))
      .orderBy(asc(sopmsRules.tmplib_id), asc(sopmsRules.seq));
  },

  async nameTaken(db: DbOrTx, name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: t.tmplib_id })
      .from(t)
      .where(and(sql`lower(${t.name}) = lower(${name})`, exceptId ? ne(t.tmplib_id, exceptId) : undefined))
      .limit(1);
    return !!row;
  },

  /** Which of these codes are not known parties, offices or charge codes. */
  async unknownCodes(db: DbOrTx, o: { parties: string[]; offices: string[]; charges: string[] }) {
    const { rows } = await db.execute<{ kind: string; code: string }>(sql`
      select 'party' as kind, c as code from unnest(${sql.param(o.parties)}::text[]) c
       where not exists (select 1 from parties p where p.party_code = c)
      union all
      select 'office', c from unnest(${sql.param(o.offices)}::text[]) c
       where not exists (select 1 from offices x where x.code = c)
      union all
      select 'charge', c from unnest(${sql.param(o.charges)}::text[]) c
       where not exists (select 1 from charge_codes x where x.charge_code = c)`);
    return rows;
  },

  async insert(db: DbOrTx, values: SopmsTemplateInsert) {
    const [row] = await db.insert(t).values(values).returning();
    return row;
  },

  /** Updates only while the stored version is still `version`; undefined otherwise. */
  updateIfVersion: versionedUpdate(t, t.tmplib_id),

  async replaceRules(
    db: DbOrTx,
    id: number,
    rules: Omit<typeof sopmsRules.$inferInsert, 'tmplib_id' | 'seq'>[],
  ) {
    await db.delete(sopmsRules).where(eq(sopmsRules.tmplib_id, id));
    if (rules.length)
      await db.insert(sopmsRules).values(rules.map((r, i) => ({ ...r, tmplib_id: id, seq: i + 1 })));
  },

  /**
   * The invoice as the check sees it (undefined when it does not exist): its header, its orders' facts and its
   * lines in one statement (the check runs on every create and edit). The party codes are scalar subqueries by
   * primary key, not six left joins: PostgreSQL planned the joins of seven relations (shipping_orders' 36
   * indexes, parties' own) in 2.2 ms warm and 19 ms on a new connection, and plans a statement five times on
   * each pooled connection before it keeps a generic plan; the subqueries plan in 0.8 and 1.0 ms (issue 40).
   */
  async invoiceFacts(db: DbOrTx, invId: number): Promise<InvoiceFacts | undefined> {
    const { rows } = await executePrepared<
      Omit<
        InvoiceFacts,
        | 'lines'
        | 'etds'
        | 'customers'
        | 'consignees'
        | 'notify_parties'
        | 'agents'
        | 'transport_modes'
        | 'service_types'
      > & {
        sos: {
          etd: string;
          transport_mode: string;
          service_type: string;
          customer: string | null;
          consignee: string | null;
          notify: string | null;
          nom_agent: string | null;
          rel_agent: string | null;
        }[];
        lines: InvoiceFacts['lines'];
      }
    >(
      db,
      sql`
      select i.inv_id, i.inv_type, i.kind, i.status, i.account_code, i.office_code, i.is_overseas,
             i.invoice_date::text as invoice_date, i.sub_type,
             (select p.party_code from parties p where p.party_id = i.issue_party_id) as issue_party_code,
             coalesce((
               select json_agg(json_build_object(
                        'etd', so.etd::text, 'transport_mode', so.transport_mode, 'service_type', so.service_type,
                        'customer', (select p.party_code from parties p where p.party_id = so.customer_id),
                        'consignee', (select p.party_code from parties p where p.party_id = so.consignee_id),
                        'notify', (select p.party_code from parties p where p.party_id = so.notify_id),
                        'nom_agent', (select p.party_code from parties p where p.party_id = so.nomination_agent_id),
                        'rel_agent', (select p.party_code from parties p where p.party_id = so.release_agent_id)))
                 from invoice_jobs j
                 join shipping_orders so on so.so_no = j.so_no
                where j.inv_id = i.inv_id), '[]') as sos,
             coalesce((
               select json_agg(json_build_object('line_no', l.line_no, 'charge_code', l.charge_code,
                                                 'unit_price', l.unit_price::text, 'tax_code', l.tax_code)
                               order by l.line_no)
                 from invoice_lines l where l.inv_id = i.inv_id), '[]') as lines
        from invoices i
       where i.inv_id = ${invId}`,
    );
    const found = rows[0];
    if (!found) return undefined;
    const { sos: so, lines, ...head } = found;
    return {
      ...head,
      etds: uniq(so.map((r) => r.etd)),
      customers: uniq(so.map((r) => r.customer)),
      consignees: uniq(so.map((r) => r.consignee)),
      notify_parties: uniq(so.map((r) => r.notify)),
      agents: uniq(so.flatMap((r) => [r.nom_agent, r.rel_agent])),
      transport_modes: uniq(so.map((r) => r.transport_mode)),
      service_types: uniq(so.map((r) => r.service_type)),
      lines,
    };
  },

  /**
   * Active templates of the invoice's side whose every criterion the invoice meets. The GIN index
   * sopms_templates_anchor_gin narrows to templates anchored on one of the invoice's values (or '*');
   * the other criteria are checked on those few rows. List criteria match when they share a value with
   * the invoice (an invoice of several SOs has several customers, consignees, ETDs...).
   */
  candidates(db: DbOrTx, f: InvoiceFacts) {
    // Rendered once (client.ts executeRendered), its values filled on each call: every save and move asks it.
    return executeRendered<SopmsTemplateRow>(
      db,
      'sopms.candidates',
      () => candidateStatement((k) => sql`${sql.placeholder(k)}`),
      candidateValues(f),
    );
  },

  /** Keys of the violations already overridden for this step of the invoice. */
  async overriddenKeys(db: DbOrTx, invId: number, step: string) {
    const rows = await db
      .select({ key: sopmsOverrides.violation_key })
      .from(sopmsOverrides)
      .where(and(eq(sopmsOverrides.inv_id, invId), eq(sopmsOverrides.step, step)));
    return new Set(rows.map((r) => r.key));
  },

  async insertOverrides(db: DbOrTx, rows: (typeof sopmsOverrides.$inferInsert)[]) {
    if (rows.length) await db.insert(sopmsOverrides).values(rows).onConflictDoNothing();
  },
};

/** The candidate query's values, by the names candidateStatement gives them. */
function candidateValues(f: InvoiceFacts) {
  return {
    keys: probeKeys(f),
    section: f.inv_type,
    accounts: [f.account_code],
    kinds: [f.kind],
    overseas: f.is_overseas ? 'OVERSEAS' : 'LOCAL',
    offices: [f.office_code],
    customers: f.customers,
    issuers: f.issue_party_code ? [f.issue_party_code] : [],
    agents: f.agents,
    consignees: f.consignees,
    notifyParties: f.notify_parties,
    modes: f.transport_modes,
    services: f.service_types,
    etds: f.etds,
    invoiceDate: f.invoice_date,
  };
}
type CandidateValue = keyof ReturnType<typeof candidateValues>;

/** The candidate query with each value where `v` puts it: a bound value, or a placeholder (candidates). */
function candidateStatement(v: (name: CandidateValue) => SQL): SQL {
  const anyOf = (col: SQL, name: CandidateValue) =>
    sql`(cardinality(${col}) = 0 or ${col} && ${v(name)}::text[])`;
  return sql`
    select t.* from sopms_templates t
     where t.status = 'A'
       and t.anchor_keys && ${v('keys')}::text[]
       and t.section_code = ${v('section')}
       and ${anyOf(sql`t.account_codes`, 'accounts')}
       and ${anyOf(sql`t.inv_kinds`, 'kinds')}
       and (t.overseas = 'ANY' or t.overseas = ${v('overseas')})
       and ${anyOf(sql`t.office_codes`, 'offices')}
       and ${anyOf(sql`t.customer_codes`, 'customers')}
       and ${anyOf(sql`t.issue_party_codes`, 'issuers')}
       and ${anyOf(sql`t.agent_codes`, 'agents')}
       and ${anyOf(sql`t.consignee_codes`, 'consignees')}
       and ${anyOf(sql`t.notify_party_codes`, 'notifyParties')}
       and ${anyOf(sql`t.transport_modes`, 'modes')}
       and ${anyOf(sql`t.service_types`, 'services')}
       and ((t.etd_from is null and t.etd_to is null)
            or exists (select 1 from unnest(${v('etds')}::date[]) e
                        where (t.etd_from is null or e >= t.etd_from) and (t.etd_to is null or e <= t.etd_to)))
       and ((t.inv_date_from is null and t.inv_date_to is null)
            or (${v('invoiceDate')}::date is not null
                and (t.inv_date_from is null or ${v('invoiceDate')}::date >= t.inv_date_from)
                and (t.inv_date_to is null or ${v('invoiceDate')}::date <= t.inv_date_to)))
     order by t.tmplib_id`;
}

/** The candidate query with its values bound (exported for the bench, which EXPLAINs it). */
export function candidateSql(f: InvoiceFacts): SQL {
  const values = candidateValues(f);
  return candidateStatement((k) => sql`${sql.param(values[k])}`);
}
