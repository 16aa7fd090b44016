import {
  INVOICE_READ_FUNC,
  isExternalProfile,
  MSG,
  SOPMS_MSG,
  sopmsMayOverride,
  sopmsNextStep,
  sopmsRoleOf,
  sopmsTemplateProblems,
  sopmsViolationMsgKey,
  type TFieldError,
  type TInvoiceType,
  type TSopmsCheckResult,
  type TSopmsListQuery,
  type TSopmsSection,
  type TSopmsStep,
  type TSopmsTemplateInput,
  type TSopmsViolation,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { listHistory, recordHistory } from '../../platform/audit/history';
import { historyActor, versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import type { InvoiceCheckedStep } from '../invoice';
import { type InvoiceFacts, sopmsRepository as repo, type SopmsTemplateRow } from './sopms.repository';
import { anchorKeysOf, evaluateRules, type RawViolation } from './sopms-rules';

export const SOPMS_ENTITY = 'sopms_template';
const INVOICE_ENTITY = 'invoice';

/** Who may change a template: sopms_edit and its owner, or an administrator (issue 16 "only the owner edits"). */
export const canEditTemplate = (actor: Actor, row: Pick<SopmsTemplateRow, 'owner_uid'>) =>
  actor.funcs.has('sopms_edit') && (row.owner_uid === actor.user_uid || actor.funcs.has('admin'));

const duplicateName = (name: string) =>
  new AppError(409, SOPMS_MSG.duplicateName, {
    params: { value: name },
    details: [{ field: 'name', msgKey: SOPMS_MSG.duplicateName, params: { value: name } }],
  });

/** Schema-level problems beyond zod (empty ranges, incomplete rules) and unknown codes: 400 with the fields. */
async function assertValid(tx: DbOrTx, v: TSopmsTemplateInput) {
  const problems: TFieldError[] = sopmsTemplateProblems(v);
  if (problems.length) {
    // "criteria set with an empty range" is the answer's own message when it is one of the problems.
    const key = problems.some((p) => p.msgKey === SOPMS_MSG.emptyRange)
      ? SOPMS_MSG.emptyRange
      : MSG.validationFailed;
    throw badRequest(problems, key);
  }
  const partyFields = [
    'account_codes',
    'customer_codes',
    'issue_party_codes',
    'agent_codes',
    'consignee_codes',
    'notify_party_codes',
  ] as const;
  const unknown = await repo.unknownCodes(tx, {
    parties: [...new Set(partyFields.flatMap((f) => v[f]))],
    offices: v.office_codes,
    charges: [...new Set(v.rules.map((r) => r.charge_code).filter((c): c is string => !!c))],
  });
  if (!unknown.length) return;
  const details: TFieldError[] = unknown.map((u) => {
    const field =
      u.kind === 'party'
        ? (partyFields.find((f) => v[f].includes(u.code)) ?? 'account_codes')
        : u.kind === 'office'
          ? 'office_codes'
          : `rules.${v.rules.findIndex((r) => r.charge_code === u.code)}.charge_code`;
    return { field, msgKey: SOPMS_MSG.unknownCode, params: { value: u.code } };
  });
  throw badRequest(details, SOPMS_MSG.unknownCode);
}

const columnsOf = <V extends TSopmsTemplateInput>(v: V) => {
  const { rules: _rules, ...cols } = v;
  return { ...cols, anchor_keys: anchorKeysOf(v) };
};
const rulesOf = (v: TSopmsTemplateInput) =>
  v.rules.map((r) => ({
    rule_type: r.rule_type,
    charge_code: r.charge_code,
    rate: r.rate,
    min_amount: r.min_amount,
    max_amount: r.max_amount,
    tax_code: r.tax_code,
    sub_type: r.sub_type,
  }));

/** A rule's stored fields the history compares (`rules.0.rate`). */
const RULE_FIELDS = [
  'rule_type',
  'charge_code',
  'rate',
  'min_amount',
  'max_amount',
  'tax_code',
  'sub_type',
] as const;

const TRACKED = [
  'name',
  'validation_group',
  'override_level',
  'status',
  'account_codes',
  'inv_kinds',
  'overseas',
  'office_codes',
  'customer_codes',
  'etd_from',
  'etd_to',
  'inv_date_from',
  'inv_date_to',
] as const;

/**
 * Create and update with version check and history (versionedRecord): only the owner (or an administrator)
 * edits, the name is unique, the codes exist; the rules are child rows, recorded row by row (`rules.0.rate`);
 * every save records an update entry with the status, changed or not. The actor owns what it creates.
 */
const versioned = (actor: Actor) =>
  versionedRecord<SopmsTemplateRow, TSopmsTemplateInput>({
    entityType: SOPMS_ENTITY,
    repo: {
      byId: repo.byId,
      insert: (db, values) =>
        repo.insert(db, { ...columnsOf(values), owner_uid: actor.user_uid, owner_name: actorName(actor) }),
      updateIfVersion: (db, id, version, values) => repo.updateIfVersion(db, id, version, columnsOf(values)),
    },
    idOf: (r) => r.tmplib_id,
    editable: TRACKED,
    statusOf: (r) => r.status,
    guard: (before, actor) => {
      if (!canEditTemplate(actor, before)) throw forbidden(SOPMS_MSG.notOwner);
    },
    check: async (tx, v, id) => {
      await assertValid(tx, v);
      if (await repo.nameTaken(tx, v.name, id)) throw duplicateName(v.name);
    },
    onError: (e, v) => {
      if (uniqueConstraintOf(e) === 'sopms_templates_name_uq') throw duplicateName(v.name);
      throw e;
    },
    children: {
      rows: { rules: RULE_FIELDS },
      write: (tx, id, v) => repo.replaceRules(tx, id, rulesOf(v)),
      read: async (tx, id) => ({ rules: await repo.rulesOf(tx, [id]) }),
    },
    recordUnchanged: true,
  });

/** Invoices are internal-only and read by side (m_ar / m_ap), as in the invoice module. */
function assertInvoiceReader(actor: Actor, invType: string) {
  if (isExternalProfile(actor.profile_type)) throw forbidden();
  if (!actor.funcs.has(INVOICE_READ_FUNC[invType as TInvoiceType])) throw forbidden();
}

/** Every matching template's violations for the invoice, marked with earlier overrides and the caller's right. */
async function evaluate(tx: DbOrTx, actor: Actor, f: InvoiceFacts, step: TSopmsStep) {
  const { rows: templates } = await repo.candidates(tx, f);
  const rules = await repo.rulesOf(
    tx,
    templates.map((t) => t.tmplib_id),
  );
  const raw: RawViolation[] = templates.flatMap((t) =>
    evaluateRules(
      t,
      rules.filter((r) => r.tmplib_id === t.tmplib_id),
      f,
    ),
  );
  const done = raw.length ? await repo.overriddenKeys(tx, f.inv_id, step) : new Set<string>();
  const role = sopmsRoleOf(actor.funcs);
  const violations = raw.map((v) => ({
    ...v,
    overridden: done.has(v.key),
    may_override: sopmsMayOverride(v.override_level, role),
  }));
  return { role, matched: templates.length, violations };
}

type Marked = Awaited<ReturnType<typeof evaluate>>['violations'][number];

const present = ({ key: _key, ...v }: Marked): TSopmsViolation => v;

/** The refusal: 422 (or 403 when an override was asked beyond the user's level), one detail per violation. */
function refusal(open: Marked[], overrideAsked: boolean, step: TSopmsStep) {
  const allowed = open.every((v) => v.may_override);
  const status = overrideAsked && !allowed ? 403 : 422;
  return new AppError(status, status === 403 ? SOPMS_MSG.overrideNotAllowed : SOPMS_MSG.violation, {
    params: {
      count: open.length,
      level: Math.max(...open.map((v) => v.override_level)),
      can_override: allowed ? 1 : 0,
      step,
    },
    details: open.map((v) => {
      const params: Record<string, string | number> = {
        tmplib_id: v.tmplib_id,
        template_name: v.template_name,
        validation_group: v.validation_group,
        override_level: v.override_level,
        rule_id: v.rule_id,
        may_override: v.may_override ? 1 : 0,
      };
      if (v.charge_code) params.charge_code = v.charge_code;
      if (v.expected) params.expected = v.expected;
      if (v.actual) params.actual = v.actual;
      if (v.line_no !== null) params.line_no = v.line_no;
      return { field: 'sopms', msgKey: sopmsViolationMsgKey(v.code), params };
    }),
  });
}

/** Writes the overrides and one history entry on the invoice naming the reason and what was overridden. */
async function recordOverride(
  tx: DbOrTx,
  actor: Actor,
  f: InvoiceFacts,
  step: TSopmsStep,
  open: Marked[],
  reason: string,
) {
  await repo.insertOverrides(
    tx,
    open.map((v) => ({
      inv_id: f.inv_id,
      step,
      violation_key: v.key,
      tmplib_id: v.tmplib_id,
      reason,
      actor_uid: actor.user_uid,
      actor_name: actorName(actor),
    })),
  );
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const v of open)
    changes[`${v.template_name} · ${v.charge_code ?? v.rule_type}${v.line_no ? ` #${v.line_no}` : ''}`] = {
      from: v.expected ?? v.code,
      to: v.actual ?? v.code,
    };
  await recordHistory(tx, {
    entityType: INVOICE_ENTITY,
    entityId: f.inv_id,
    action: `sopms_override_${step}`,
    fromStatus: f.status,
    toStatus: f.status,
    reason,
    changes,
    actor: historyActor(actor),
  });
}

/** SOPMS templates and the invoice check (issue 16; docs/sopms.md). */
export const sopmsService = {
  list: (db: Db, section: TSopmsSection, q: TSopmsListQuery) => repo.page(db, section, q),

  async get(db: DbOrTx, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return { row, rules: await repo.rulesOf(db, [id]) };
  },

  history: async (db: Db, id: number) => {
    await sopmsService.get(db, id);
    return listHistory(db, SOPMS_ENTITY, id);
  },

  /** Creates a template owned by the actor. */
  create: (db: Db, actor: Actor, v: TSopmsTemplateInput) => versioned(actor).create({ db, input: v, actor }),

  /** Saves an edit made on `version`: the owner only (403), 409 when someone saved since. */
  update: (db: Db, actor: Actor, id: number, v: TSopmsTemplateInput & { version: number }) =>
    versioned(actor).update({ db, id, input: v, actor }),

  /**
   * The check of one invoice step (registered with the invoice module): every active matching template's
   * rules; violations overridden earlier for this step pass; the rest pass only with a reason from a user
   * whose level allows every one of them (recorded in the invoice's status history), else the step is refused.
   */
  async checkStep(
    tx: DbOrTx,
    o: { actor: Actor; invId: number; step: InvoiceCheckedStep; overrideReason: string | null },
  ) {
    const f = await repo.invoiceFacts(tx, o.invId);
    if (!f) return;
    const { violations } = await evaluate(tx, o.actor, f, o.step);
    const open = violations.filter((v) => !v.overridden);
    if (!open.length) return;
    const reason = o.overrideReason?.trim() || null;
    if (reason && open.every((v) => v.may_override)) {
      await recordOverride(tx, o.actor, f, o.step, open, reason);
      return;
    }
    throw refusal(open, !!reason, o.step);
  },

  /** The check without moving anything (the invoice screen's preview). */
  async preview(db: Db, actor: Actor, invId: number, step?: TSopmsStep): Promise<TSopmsCheckResult> {
    const f = await repo.invoiceFacts(db, invId);
    if (!f) throw notFound();
    assertInvoiceReader(actor, f.inv_type);
    const s = step ?? sopmsNextStep(f.status) ?? 'save';
    const r = await evaluate(db, actor, f, s);
    const open = r.violations.filter((v) => !v.overridden);
    return {
      step: s,
      role: r.role,
      matched: r.matched,
      violations: r.violations.map(present),
      can_override: open.length > 0 && open.every((v) => v.may_override),
    };
  },

  /**
   * An override given ahead of a step (a manager clears a supervisor's approval): for `step` or the
   * invoice's next step; 403 when the caller's level does not cover every open violation.
   */
  async override(db: Db, actor: Actor, invId: number, reason: string, step?: TSopmsStep) {
    await db.transaction(async (tx) => {
      const f = await repo.invoiceFacts(tx, invId);
      if (!f) throw notFound();
      assertInvoiceReader(actor, f.inv_type);
      const s = step ?? sopmsNextStep(f.status);
      if (!s) throw new AppError(422, SOPMS_MSG.nothingToOverride, { params: { status: f.status } });
      const { violations } = await evaluate(tx, actor, f, s);
      const open = violations.filter((v) => !v.overridden);
      if (!open.length) return;
      if (!open.every((v) => v.may_override)) throw refusal(open, true, s);
      await recordOverride(tx, actor, f, s, open, reason.trim());
    });
    return sopmsService.preview(db, actor, invId, step);
  },
};
