import {
  journalReference,
  money,
  POSTING_MSG,
  type TJournalKind,
  type TPeriodKind,
  type TPostingRule,
  type TPostingRuleSet,
  type TReadinessIssue,
} from '@portal/contracts';

/** What the builder needs of an invoice (a subset of the invoices row). */
export interface BuilderInvoice {
  inv_id: number;
  invoice_no: string;
  inv_type: string;
  kind: string;
  is_inter_account: boolean;
  account_code: string;
  party_id: number;
  office_code: string;
  currency: string;
  base_currency: string;
  exchange_rate: string;
  total_amount: string;
  base_total_amount: string;
  invoice_date: string | null;
  remarks: string | null;
}

/** A general charge line with its charge code's ledger code (null when the code has none). */
export interface BuilderLine {
  line_no: number;
  charge_code: string;
  ledger_code: string | null;
  description: string;
  job_no: string | null;
  dr_cr: string;
  amount: string;
  tax_amount: string;
  tax_code: string | null;
}

export interface BuilderInput {
  invoice: BuilderInvoice;
  kind: TJournalKind;
  ruleSet: TPostingRuleSet;
  /** The party's sun A/C code (its control account in the ledger); null or '' when missing. */
  partyAccount: string | null;
  lines: BuilderLine[];
  /** The invoice's first job (analysis of lines without their own job). */
  firstJob: string | null;
  rules: TPostingRule[];
  /** Tax code → account, for the invoice's side. */
  taxAccounts: ReadonlyMap<string, string>;
  roundingAccount: string;
}

/** One built journal line: debit or credit in the base currency (the other '0'), amount signed in `currency`. */
export interface BuiltLine {
  line_no: number;
  role: 'PARTY' | 'CHARGE' | 'TAX' | 'ROUNDING';
  account: string;
  debit: string;
  credit: string;
  currency: string;
  amount_txn: string;
  rate: string;
  description: string;
  charge_code: string | null;
  job_no: string | null;
}

export interface BuiltJournal {
  reference: string;
  kind: TJournalKind;
  rule_set: TPostingRuleSet;
  period: string;
  journal_date: string;
  description: string;
  lines: BuiltLine[];
  totalDebit: string;
  totalCredit: string;
}

export type BuildResult = { ok: true; journal: BuiltJournal } | { ok: false; issues: TReadinessIssue[] };

/** Web paths where a missing item is fixed (the readiness checklist links there). */
export const FIX_PATHS = {
  party: (partyId: number) => `/BMS/party/party_maintenance/${partyId}`,
  chargeCode: (code: string) => `/INV/chargeCodeDetails/${encodeURIComponent(code)}`,
  exchangeRate: () => '/BMS/exchange_rate_maintenance',
  importDocument: () => '/INV/ImportDocument',
  invoice: (type: string, id: number) => `/INV/${type === 'AP' ? 'ap' : 'ar'}Details/${id}`,
  // Each close kind has its own screen (002 §2): non-trade invoices are closed on InvoiceGenericClose.
  periodClose: (kind: TPeriodKind = 'TRADE') =>
    kind === 'GENERIC' ? '/INV/InvoiceGenericClose' : '/INV/InvoiceClose',
  rules: () => null,
} as const;

const DESCRIPTION_MAX = 50;

/**
 * Builds an invoice's journal from the posting rules (docs/accounting.md), in exact decimals:
 * - amounts are signed "as the invoice states them": a DR charge line adds, a CR line subtracts; a reversal
 *   rule set takes them negated (the reversal invoice's lines are the original's with DR/CR swapped, so the
 *   reversal rules, whose sides are the original's swapped, see the original's amounts);
 * - GROSS is the invoice total (base: the invoice's stored base total), NET one line per charge line, TAX one
 *   line per tax code; each converted line's base amount is round(amount × rate) in the base currency;
 * - a positive amount goes to the rule's side, a negative one to the other side, a zero is left out;
 * - the rounding difference of the per-line conversions goes to the ROUNDING account, so the journal
 *   always balances in the base currency.
 * Missing accounts are answered as readiness issues, never as a half-built journal.
 */
export function buildJournal(input: BuilderInput): BuildResult {
  const { invoice: inv, rules } = input;
  const issues: TReadinessIssue[] = [];
  if (!rules.length)
    issues.push({
      item: 'rules',
      msgKey: POSTING_MSG.noRules,
      params: { ruleSet: input.ruleSet },
      fix_path: FIX_PATHS.rules(),
    });
  const usesSource = (s: string) => rules.some((r) => r.account_source === s);
  if (usesSource('PARTY') && !input.partyAccount?.trim())
    issues.push({
      item: 'sun_account',
      msgKey: POSTING_MSG.missingSunAccount,
      params: { party: inv.account_code },
      fix_path: FIX_PATHS.party(inv.party_id),
    });
  if (usesSource('CHARGE'))
    for (const code of new Set(input.lines.filter((l) => !l.ledger_code?.trim()).map((l) => l.charge_code)))
      issues.push({
        item: 'ledger_code',
        msgKey: POSTING_MSG.missingLedgerCode,
        params: { chargeCode: code },
        fix_path: FIX_PATHS.chargeCode(code),
      });
  if (usesSource('TAX'))
    for (const code of new Set(
      input.lines
        .filter((l) => money.compare(l.tax_amount, '0') !== 0)
        .map((l) => l.tax_code ?? '')
        .filter((c) => !input.taxAccounts.get(c)),
    ))
      issues.push({
        item: 'tax_account',
        msgKey: POSTING_MSG.missingTaxAccount,
        params: { taxCode: code || '-' },
        fix_path: FIX_PATHS.rules(),
      });
  if (!inv.invoice_date)
    issues.push({
      item: 'invoice_date',
      msgKey: POSTING_MSG.missingInvoiceDate,
      fix_path: FIX_PATHS.importDocument(),
    });
  if (!inv.exchange_rate || money.compare(inv.exchange_rate, '0') <= 0)
    issues.push({
      item: 'exchange_rate',
      msgKey: POSTING_MSG.missingExchangeRate,
      params: { currency: inv.currency, base: inv.base_currency },
      fix_path: FIX_PATHS.exchangeRate(),
    });
  if (issues.length) return { ok: false, issues };

  const date = inv.invoice_date as string;
  const rate = money.round(inv.exchange_rate, { scale: 6 });
  const base = inv.base_currency;
  const reversal = input.ruleSet.endsWith('_REVERSAL');
  // Amounts "as the invoice states them" (see above): reversals negated once more.
  const sign = (v: string) => (reversal ? money.mul(v, -1) : v);
  const lineSign = (l: BuilderLine) => (l.dr_cr === 'CR' ? -1 : 1);
  const toBase = (v: string) => money.round(money.mul(v, inv.exchange_rate), base);

  const out: Omit<BuiltLine, 'line_no'>[] = [];
  const push = (
    rule: TPostingRule,
    role: BuiltLine['role'],
    account: string,
    txn: string,
    baseAmount: string,
    description: string,
    extra: { charge_code?: string | null; job_no?: string | null } = {},
  ) => {
    if (money.compare(baseAmount, '0') === 0 && money.compare(txn, '0') === 0) return;
    // The rule's side for a positive amount; a negative one (credit note line) turns to the other side.
    const positive =
      money.compare(baseAmount, '0') > 0 ||
      (money.compare(baseAmount, '0') === 0 && money.compare(txn, '0') > 0);
    const debitSide = (rule.side === 'DEBIT') === positive;
    const abs = positive ? baseAmount : money.mul(baseAmount, -1);
    const absTxn = money.compare(txn, '0') < 0 ? money.mul(txn, -1) : txn;
    out.push({
      role,
      account,
      debit: debitSide ? money.round(abs, base) : money.round('0', base),
      credit: debitSide ? money.round('0', base) : money.round(abs, base),
      currency: inv.currency,
      // Signed as the ledger expects: positive on the debit side, negative on the credit side.
      amount_txn: money.round(debitSide ? absTxn : money.mul(absTxn, -1), inv.currency),
      rate,
      description: description.slice(0, DESCRIPTION_MAX),
      charge_code: extra.charge_code ?? null,
      job_no: extra.job_no ?? input.firstJob,
    });
  };

  for (const rule of [...rules].sort((a, b) => a.seq - b.seq)) {
    const account = (fallback: string) => (rule.account_source === 'FIXED' ? (rule.account ?? '') : fallback);
    if (rule.amount === 'GROSS') {
      const who = rule.account_source === 'PARTY' ? (input.partyAccount as string).trim() : account('');
      push(
        rule,
        'PARTY',
        who,
        sign(inv.total_amount),
        sign(inv.base_total_amount),
        inv.remarks || `${inv.invoice_no} ${inv.account_code}`,
      );
    } else if (rule.amount === 'NET') {
      for (const l of input.lines) {
        const txn = sign(money.mul(l.amount, lineSign(l)));
        const acct = rule.account_source === 'CHARGE' ? (l.ledger_code as string) : account('');
        push(rule, 'CHARGE', acct, txn, toBase(txn), l.description, {
          charge_code: l.charge_code,
          job_no: l.job_no ?? input.firstJob,
        });
      }
    } else {
      const taxes = new Map<string, string>();
      for (const l of input.lines) {
        if (money.compare(l.tax_amount, '0') === 0) continue;
        const code = l.tax_code ?? '';
        taxes.set(code, money.add(taxes.get(code) ?? '0', money.mul(l.tax_amount, lineSign(l))));
      }
      for (const [code, tax] of taxes) {
        const txn = sign(tax);
        const acct = rule.account_source === 'TAX' ? (input.taxAccounts.get(code) as string) : account('');
        push(rule, 'TAX', acct, txn, toBase(txn), `VAT ${code}`, { charge_code: null });
      }
    }
  }

  const totalDebit = money.sum(out.map((l) => l.debit));
  const totalCredit = money.sum(out.map((l) => l.credit));
  const diff = money.sub(totalDebit, totalCredit);
  if (money.compare(diff, '0') !== 0) {
    // Converting line by line rounds each line; the party line carries the invoice's own base total.
    const debitSide = money.compare(diff, '0') < 0;
    const abs = debitSide ? money.mul(diff, -1) : diff;
    out.push({
      role: 'ROUNDING',
      account: input.roundingAccount,
      debit: debitSide ? money.round(abs, base) : money.round('0', base),
      credit: debitSide ? money.round('0', base) : money.round(abs, base),
      currency: base,
      amount_txn: money.round(debitSide ? abs : money.mul(abs, -1), base),
      rate: money.round('1', { scale: 6 }),
      description: 'Exchange rounding',
      charge_code: null,
      job_no: input.firstJob,
    });
  }
  const lines = out.map((l, i) => ({ ...l, line_no: i + 1 }));
  const debit = money.round(money.sum(lines.map((l) => l.debit)), base);
  const credit = money.round(money.sum(lines.map((l) => l.credit)), base);
  if (money.compare(debit, credit) !== 0) throw new Error(`journal of ${inv.invoice_no} does not balance`);
  return {
    ok: true,
    journal: {
      reference: journalReference(inv.invoice_no, input.kind),
      kind: input.kind,
      rule_set: input.ruleSet,
      period: date.slice(0, 7),
      journal_date: date,
      description:
        `${input.kind === 'post' ? 'Posting' : 'Reversal'} ${inv.invoice_no} ${inv.account_code}`.slice(
          0,
          100,
        ),
      lines,
      totalDebit: debit,
      totalCredit: credit,
    },
  };
}
