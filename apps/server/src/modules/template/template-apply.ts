import {
  EXCHANGE_RATE_SCALE,
  INVOICE_EDITABLE_STATUSES,
  isLineCategory,
  money,
  type TAppliedLine,
  type TApplyToInvoiceResponse,
  TEMPLATE_MSG,
  type TTemplateBasis,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { AppError, forbidden } from '../../platform/errors/app-error';
import { rateOn } from '../exchange-rate';
import { invoiceService, taxRuleService } from '../invoice';
import { templateRepository as repo, type TemplateLineRow } from './template.repository';
import { templateService } from './template.service';

/** What the reference bases count on an invoice's shipments. */
export interface InvoiceShipments {
  jobs: string[];
  hbls: string[];
  /** One entry per container line, its size/type (e.g. 40HC). */
  containers: string[];
  /** Groups of SOs: an SO with a master SO belongs to the master's group, else it is a group of its own. */
  groups: string[];
}

/** Units of a line's reference basis on the invoice, per reference label (one entry per container size). */
export function referencesOf(
  basis: TTemplateBasis,
  size: string | null,
  s: InvoiceShipments,
): { label: string | null; count: number }[] {
  switch (basis) {
    case 'JOB':
      return [{ label: null, count: s.jobs.length }];
    case 'HBL':
      return [{ label: null, count: s.hbls.length }];
    case 'CONTAINER':
      return [{ label: null, count: s.containers.length }];
    case 'GROUP':
      return [{ label: null, count: s.groups.length }];
    case 'CONTAINER_SIZE': {
      const bySize = new Map<string, number>();
      for (const c of s.containers) bySize.set(c, (bySize.get(c) ?? 0) + 1);
      if (size) return [{ label: size, count: bySize.get(size) ?? 0 }];
      return [...bySize.entries()].sort().map(([label, count]) => ({ label, count }));
    }
  }
}

const trim = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/**
 * One invoice line from a template line: quantity = line quantity × references, total clamped to the min
 * and max charge in the template's currency, then converted at `rate` into the invoice currency. A clamped
 * line becomes quantity 1 at the clamped total (the unit price no longer explains the amount otherwise).
 */
export function computeLine(
  l: Pick<
    TemplateLineRow,
    | 'charge_code'
    | 'print_description'
    | 'description'
    | 'unit_price'
    | 'quantity'
    | 'uom'
    | 'dr_cr'
    | 'currency'
    | 'min_charge'
    | 'max_charge'
    | 'basis'
  >,
  ref: { label: string | null; count: number },
  rate: string,
  tax: { tax_code: string | null; tax_rate: string; desc: string } | undefined,
): TAppliedLine {
  const qty = money.mul(l.quantity, ref.count);
  let total = money.mul(l.unit_price, qty);
  let clamped: TAppliedLine['clamped'] = null;
  if (l.min_charge && money.compare(total, l.min_charge) < 0) {
    total = l.min_charge;
    clamped = 'MIN';
  } else if (l.max_charge && money.compare(total, l.max_charge) > 0) {
    total = l.max_charge;
    clamped = 'MAX';
  }
  const price = clamped ? total : l.unit_price;
  return {
    charge_code: l.charge_code,
    description: (l.print_description || l.description || tax?.desc || l.charge_code).slice(0, 200),
    reference: ref.label,
    unit_price: trim(money.round(money.mul(price, rate), { scale: 4 })),
    quantity: clamped ? '1' : trim(money.round(qty, { scale: 4 })),
    uom: l.uom,
    dr_cr: l.dr_cr === 'CR' ? 'CR' : 'DR',
    tax_code: tax?.tax_code ?? null,
    tax_rate: trim(tax?.tax_rate ?? '0'),
    basis: l.basis as TTemplateBasis,
    references: ref.count,
    template_currency: l.currency,
    template_total: money.round(total, l.currency),
    clamped,
    exchange_rate: rate,
  };
}

/** The invoice's shipments as the reference bases count them. */
async function shipmentsOf(db: Db, soNos: string[], jobNos: string[], hbl: string | null) {
  const orders = await repo.ordersOf(db, soNos);
  const hbls = new Set(orders.map((o) => o.hbl_no).filter((h): h is string => !!h));
  if (!hbls.size && hbl) hbls.add(hbl);
  return {
    jobs: [...new Set(jobNos)],
    hbls: [...hbls],
    containers: orders.flatMap((o) => o.sizes),
    groups: [...new Set(orders.map((o) => o.master_so_no ?? o.so_no))],
  };
}

/**
 * Applies an invoice-line template to an invoice (issue 16): the lines the General Charge tab appends, for
 * the user to review and save with the invoice (nothing is written here). Needs the invoice readable and
 * still editable, and the template readable by its privacy.
 */
export async function applyToInvoice(
  db: Db,
  actor: Actor,
  tmplibId: number,
  invId: number,
): Promise<TApplyToInvoiceResponse> {
  const { view, lines } = await templateService.get(db, actor, tmplibId);
  if (!isLineCategory(view.t.category)) throw new AppError(422, TEMPLATE_MSG.wrongCategory);
  if (view.t.status !== 'A') throw new AppError(422, TEMPLATE_MSG.inactive);
  const inv = await invoiceService.get(db, actor, invId);
  if (!actor.funcs.has('inv_edit')) throw forbidden();
  if (!INVOICE_EDITABLE_STATUSES.includes(inv.row.status)) throw forbidden();
  const shipments = await shipmentsOf(
    db,
    inv.jobs.map((j) => j.so_no),
    inv.jobs.map((j) => j.job_no),
    inv.row.hbl_no,
  );
  const codes = [...new Set(lines.map((l) => l.charge_code))];
  const charges = await repo.existingChargeCodes(db, codes);
  const day = inv.row.invoice_date ?? new Date().toISOString().slice(0, 10);
  // Tax as the line editor defaults it: the tax rule of the invoice's office, customer and charge
  // (docs/invoices.md "Tax rules"), not the charge code's own default, which may be another country's.
  const defaults = await taxRuleService.defaultTaxes(
    db,
    {
      office_code: inv.row.office_code,
      account_code: inv.row.account_code,
      is_overseas: inv.row.is_overseas,
      date: day,
    },
    codes,
  );
  const taxOf = (code: string) => {
    const d = defaults[code];
    return {
      tax_code: d?.tax_code ?? null,
      tax_rate: d?.tax_rate ?? '0',
      desc: charges.get(code)?.desc ?? code,
    };
  };
  const rates = new Map<string, string>();
  /** Template currency → invoice currency: the invoice's own rate from its base currency, else the table's. */
  const rateFor = async (from: string) => {
    const known = rates.get(from);
    if (known) return known;
    let r: string;
    if (from === inv.row.currency) r = '1';
    else if (from === inv.row.base_currency)
      r = money.round(money.div('1', inv.row.exchange_rate, 12), { scale: EXCHANGE_RATE_SCALE });
    else r = (await rateOn(db, from, inv.row.currency, day)).rate;
    rates.set(from, r);
    return r;
  };
  const out: TAppliedLine[] = [];
  let skipped = 0;
  for (const l of lines) {
    const refs = referencesOf(l.basis as TTemplateBasis, l.container_size, shipments).filter(
      (r) => r.count > 0,
    );
    if (!refs.length) skipped++;
    const rate = refs.length ? await rateFor(l.currency) : '1';
    for (const ref of refs) out.push(computeLine(l, ref, rate, taxOf(l.charge_code)));
  }
  return { inv_id: invId, currency: inv.row.currency, lines: out, skipped };
}
