import type { TSopmsListRow, TSopmsTemplate } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { SopmsRuleRow, SopmsTemplateRow } from './sopms.repository';
import { canEditTemplate } from './sopms.service';

const iso = (v: string) => new Date(v).toISOString();
const dec = (v: string | null) => (v === null ? null : v.replace(/\.?0+$/, ''));

/** A template's header on the wire (no internal anchor keys). */
function header(t: SopmsTemplateRow, actor: Actor) {
  return {
    tmplib_id: t.tmplib_id,
    name: t.name,
    section_code: t.section_code as TSopmsTemplate['section_code'],
    validation_group: t.validation_group,
    description: t.description,
    override_level: t.override_level,
    status: t.status,
    owner_uid: t.owner_uid,
    owner_name: t.owner_name,
    account_codes: t.account_codes,
    inv_kinds: t.inv_kinds,
    overseas: t.overseas as TSopmsTemplate['overseas'],
    office_codes: t.office_codes,
    customer_codes: t.customer_codes,
    issue_party_codes: t.issue_party_codes,
    agent_codes: t.agent_codes,
    consignee_codes: t.consignee_codes,
    notify_party_codes: t.notify_party_codes,
    transport_modes: t.transport_modes,
    service_types: t.service_types,
    etd_from: t.etd_from,
    etd_to: t.etd_to,
    inv_date_from: t.inv_date_from,
    inv_date_to: t.inv_date_to,
    can_edit: canEditTemplate(actor, t),
    version: t.version,
    created_at: iso(t.created_at),
    created_by: t.created_by,
    updated_at: iso(t.updated_at),
    updated_by: t.updated_by,
  };
}

export const presentSopmsTemplate = (
  { row, rules }: { row: SopmsTemplateRow; rules: SopmsRuleRow[] },
  actor: Actor,
): TSopmsTemplate => ({
  ...header(row, actor),
  rules: rules.map((r) => ({
    rule_id: r.rule_id,
    seq: r.seq,
    rule_type: r.rule_type as TSopmsTemplate['rules'][number]['rule_type'],
    charge_code: r.charge_code,
    rate: dec(r.rate),
    min_amount: dec(r.min_amount),
    max_amount: dec(r.max_amount),
    tax_code: r.tax_code,
    sub_type: r.sub_type,
  })),
});

export const presentSopmsRow = (
  r: { t: SopmsTemplateRow; rule_count: number },
  actor: Actor,
): TSopmsListRow => ({
  ...header(r.t, actor),
  rule_count: r.rule_count,
});
