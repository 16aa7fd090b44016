import type { InvoiceStageDef } from '@portal/contracts';
import { and, isNull, type SQL, sql } from 'drizzle-orm';
import { constant, constantEq, constantIn } from '../../platform/db/rendered-select';
import { invoices } from './invoice.tables';

/**
 * The SQL of the 002 §2 stage lists: which invoices a stage holds and the colours of its ageing clock. Every value
 * is a code constant written into the text (platform/db/rendered-select.ts `constant`), so a stage's page is the
 * same text on every call and a prepared page's one plan can prove the stage's partial index (invoice.repository.ts
 * listRows; docs/performance.md "A stage list's page planned once").
 */

/** Rows not deleted; `'DELETED'` written as a constant (a partial index's predicate names it: Closed, APRefInput). */
export const notDeleted = sql`${invoices.status} <> ${constant('DELETED')}`;

/** SQL of a stage list's extra condition (contracts InvoiceStageDef.where). */
const stageWhere = (w: InvoiceStageDef['where']): SQL | undefined => {
  switch (w) {
    case 'closed':
      return sql`${invoices.is_closed}`;
    case 'settled':
      return sql`${invoices.outstanding_amount} = 0`;
    case 'unsettled':
      return sql`${invoices.outstanding_amount} <> 0`;
    case 'apRefMissing':
      return isNull(invoices.ap_ref);
    case 'acctSuccess':
      return constantEq(invoices.acct_process_status, 'SUCCESS');
    case 'acctFailure':
      return constantEq(invoices.acct_process_status, 'FAILURE');
    case 'acctPending':
      return constantEq(invoices.acct_process_status, 'PENDING');
    default:
      return undefined;
  }
};

/**
 * Rows of one side in one stage (statuses and condition), written as constants (platform/db/rendered-select.ts
 * `constant`): the same text for every call of a stage, from which a prepared page's generic plan proves the
 * stage's partial index (listRows).
 */
export const stageSql = (type: string, stage: InvoiceStageDef): SQL | undefined =>
  and(
    constantEq(invoices.inv_type, type),
    stage.statuses ? constantIn(invoices.status, stage.statuses) : notDeleted,
    stageWhere(stage.where),
  );

/** The ageing clock column of a stage. */
const clockColumn = (clock: NonNullable<InvoiceStageDef['ageing']>['clock']) => invoices[clock];

/**
 * The 002 §9 colours of a stage's rows on its ageing clock (yellow from `days`, red from twice that);
 * `alerting` is "yellow or red" as one range. The stage cards and the operation alert dashboard
 * (modules/operation-alert) both use it. Null for a stage without ageing.
 */
export function stageColourSql(stage: InvoiceStageDef) {
  const a = stage.ageing;
  if (!a) return null;
  const clock = clockColumn(a.clock);
  const aged = (days: number) => sql`${clock} <= now() - make_interval(days => ${days})`;
  return {
    clock,
    red: aged(2 * a.days),
    yellow: sql`(${aged(a.days)} and ${clock} > now() - make_interval(days => ${2 * a.days}))`,
    alerting: aged(a.days),
  };
}
