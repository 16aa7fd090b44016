import {
  MAX_EXPORT_ROWS,
  MSG,
  type TFieldError,
  type TRoutingTemplateListQuery,
  type ZCreateRoutingTemplateRequest,
  ZRoutingTemplateFields,
} from '@portal/contracts';
import type { z } from 'zod';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { routingTemplateRepository as repo } from './routing-template.repository';

export const ROUTING_TEMPLATE_ENTITY = 'routing_template';
type TemplateInput = z.output<typeof ZCreateRoutingTemplateRequest>;

const EDITABLE = Object.keys(ZRoutingTemplateFields.shape) as (keyof typeof ZRoutingTemplateFields.shape)[];

const duplicateName = (name: string) => {
  const detail = { field: 'name', msgKey: MSG.routingTemplateDuplicateName, params: { value: name } };
  return new AppError(409, MSG.routingTemplateDuplicateName, { params: detail.params, details: [detail] });
};

function mapUniqueViolation(e: unknown, v: TemplateInput): never {
  if (uniqueConstraintOf(e) === 'routing_templates_name_uq') throw duplicateName(v.name);
  throw e;
}

/** Parties and ports the template names must exist; unknown ones answer 400 on their fields. */
async function assertReferences(tx: DbOrTx, v: TemplateInput) {
  const details: TFieldError[] = [];
  const partyIds = [v.customer_party_id, v.consignee_party_id].filter((x): x is number => x !== null);
  const known = await repo.existingParties(tx, partyIds);
  for (const f of ['customer_party_id', 'consignee_party_id'] as const) {
    const id = v[f];
    if (id !== null && !known.has(id)) details.push({ field: f, msgKey: MSG.fieldInvalid });
  }
  const codes = [v.pod, v.pld, v.fd].filter((x): x is string => x !== null);
  const knownPorts = await repo.existingPorts(tx, codes);
  for (const f of ['pod', 'pld', 'fd'] as const) {
    const code = v[f];
    if (code !== null && !knownPorts.has(code)) details.push({ field: f, msgKey: MSG.fieldInvalid });
  }
  if (details.length) throw badRequest(details);
}

/**
 * The routing template a booking of `customerId` and `consigneeId` takes on `date` ('YYYY-MM-DD'): effective
 * that day, the customer's own template before one for any customer; undefined when none applies.
 */
export function findApplicableTemplate(
  db: DbOrTx,
  { customerId, consigneeId, date }: { customerId: number | null; consigneeId: number; date: string },
) {
  return repo.applicable(db, customerId, consigneeId, date);
}

/** Create and update with version check and history (names are unique; parties and ports must exist). */
const versioned = versionedRecord({
  entityType: ROUTING_TEMPLATE_ENTITY,
  repo,
  idOf: (r) => r.routing_template_id,
  editable: EDITABLE,
  check: async (tx, v: TemplateInput, id) => {
    if (await repo.nameTaken(tx, v.name, id)) throw duplicateName(v.name);
    await assertReferences(tx, v);
  },
  onError: mapUniqueViolation,
});

/** Routing template maintenance (002 §3, §5 Routing template). */
export const routingTemplateService = {
  list: (db: Db, query: TRoutingTemplateListQuery) => repo.page(db, query),

  async get(db: Db, id: number) {
    const row = await repo.viewById(db, id);
    if (!row) throw notFound();
    return row;
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TRoutingTemplateListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  history: (db: Db, id: number) => listHistory(db, ROUTING_TEMPLATE_ENTITY, id),

  ...versioned,
};
