import {
  APPROVAL_MSG,
  MSG,
  type TApplicableRoutingTemplate,
  type TFieldError,
  validateRoutingEtas,
} from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { findApplicableTemplate } from './routing-template.service';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The routing template a booking of this customer and consignee takes on `date` (default today): effective
 * that day, the customer's own before one for any customer (findApplicableTemplate). Undefined when none.
 */
export async function applicableTemplate(
  db: DbOrTx,
  q: { customer_id?: number | null; consignee_id: number; date?: string | null },
): Promise<TApplicableRoutingTemplate | undefined> {
  const t = await findApplicableTemplate(db, {
    customerId: q.customer_id ?? null,
    consigneeId: q.consignee_id,
    date: q.date ?? today(),
  });
  if (!t) return undefined;
  return {
    routing_template_id: t.routing_template_id,
    name: t.name,
    pod: t.pod,
    pld: t.pld,
    fd: t.fd,
    effective_from: t.effective_from,
    effective_to: t.effective_to,
    can_overwrite: t.can_overwrite,
    eta_validation: t.eta_validation,
  };
}

/** GET /Booking/routing-template: the applicable template or 404 msgNoRecordFound. */
export async function applicableTemplateOrThrow(
  db: DbOrTx,
  q: { customer_id?: number | null; consignee_id: number; date?: string | null },
) {
  const t = await applicableTemplate(db, q);
  if (!t) throw notFound(MSG.noRecordFound);
  return t;
}

/** The booking fields the routing template rule reads. */
export interface RoutedBooking {
  customer_id: number;
  consignee_id: number;
  pod: string;
  pld: string;
  fd: string;
  eta: string;
  pld_eta: string | null;
  fd_eta: string | null;
}

/**
 * The routing template rule of a booking save (002 §5 Routing template): when a template applies to the
 * booking's customer and consignee on `date` and cannot be overwritten, POD, PLD and FD must equal the
 * template's ports it sets (422 msgRoutingTemplateLocked on each field, params {value: template port});
 * when its PLD/FD ETA validation is on, answers the ETA order errors (fields pld_eta / fd_eta) for the caller
 * to return with the other rule errors as one 400.
 */
export async function routingTemplateErrors(
  db: DbOrTx,
  v: RoutedBooking,
  date: string = today(),
): Promise<TFieldError[]> {
  const t = await applicableTemplate(db, { customer_id: v.customer_id, consignee_id: v.consignee_id, date });
  if (!t) return [];
  if (!t.can_overwrite) {
    const locked: TFieldError[] = [];
    for (const f of ['pod', 'pld', 'fd'] as const) {
      const want = t[f];
      if (want && v[f] !== want)
        locked.push({ field: f, msgKey: APPROVAL_MSG.routingTemplateLocked, params: { value: want } });
    }
    if (locked.length) {
      throw new AppError(422, APPROVAL_MSG.routingTemplateLocked, {
        params: { value: t.name },
        details: locked,
      });
    }
  }
  return t.eta_validation
    ? validateRoutingEtas({ pod_eta: v.eta, pld_eta: v.pld_eta, fd_eta: v.fd_eta })
    : [];
}
