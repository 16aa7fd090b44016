import {
  formatSequenceNumber,
  SEQ_PREVIEW_OFFICE,
  type TSeqDateFormat,
  type TSeqFormat,
  type TSeqResetPeriod,
  type TSequenceCounter,
  type TSequenceRule,
  type TSequenceRuleDetail,
} from '@portal/contracts';
import type { SequenceCounterRow, SequenceRuleRow } from './sequence.repository';

const iso = (v: string) => new Date(v).toISOString();

/** The formatting parts of a stored rule. */
export const ruleFormat = (r: SequenceRuleRow): TSeqFormat => ({
  prefix: r.prefix,
  include_office: r.include_office,
  date_format: r.date_format as TSeqDateFormat,
  separator: r.separator,
  seq_width: r.seq_width,
  reset_period: r.reset_period as TSeqResetPeriod,
});

/** What a sequence rule looks like on the wire, with the next number of the current period and its preview. */
export const presentSequenceRule = (
  r: SequenceRuleRow,
  now: { periodKey: string; nextNumber: number; at: Date },
): TSequenceRule => ({
  mst_seq_rule_id: r.mst_seq_rule_id,
  doc_type: r.doc_type,
  office_code: r.office_code,
  description: r.description,
  prefix: r.prefix,
  include_office: r.include_office,
  date_format: r.date_format as TSeqDateFormat,
  separator: r.separator,
  seq_width: r.seq_width,
  reset_period: r.reset_period as TSeqResetPeriod,
  start_number: r.start_number,
  status: r.status,
  current_period_key: now.periodKey,
  next_number: now.nextNumber,
  preview: formatSequenceNumber(ruleFormat(r), {
    officeCode: r.office_code ?? SEQ_PREVIEW_OFFICE,
    at: now.at,
    number: now.nextNumber,
  }),
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});

const presentCounter = (c: SequenceCounterRow): TSequenceCounter => ({
  period_key: c.period_key,
  next_number: c.next_number,
  updated_at: iso(c.updated_at),
});

/** A rule with its recent counters, for the detail screen. */
export const presentSequenceRuleDetail = (
  r: SequenceRuleRow,
  now: { periodKey: string; nextNumber: number; at: Date },
  counters: SequenceCounterRow[],
): TSequenceRuleDetail => ({ ...presentSequenceRule(r, now), counters: counters.map(presentCounter) });
