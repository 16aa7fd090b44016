import { money, postingRuleSetOf, type TJournalKind, type TPostingRule } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { POSTING_RULES, ROUNDING_ACCOUNT, TAX_ACCOUNTS } from './accounting.seed';
import { type BuilderInvoice, type BuilderLine, buildJournal } from './journal-builder';

/** The posting rules as seeded (the builder is pure: the same rows the table holds). */
const RULES = POSTING_RULES.map((r) => ({ ...r, account: r.account ?? null })) as TPostingRule[];
const rulesOf = (set: string) => RULES.filter((r) => r.rule_set === set);
const taxes = (side: string) =>
  new Map(TAX_ACCOUNTS.filter((t) => t.inv_type === side).map((t) => [t.tax_code, t.account]));

const invoice = (over: Partial<BuilderInvoice> = {}): BuilderInvoice => ({
  inv_id: 1,
  invoice_no: 'ARHKG2605000123',
  inv_type: 'AR',
  kind: 'AR',
  is_inter_account: false,
  account_code: 'HKCUS001',
  party_id: 7,
  office_code: 'HKG',
  currency: 'HKD',
  base_currency: 'HKD',
  exchange_rate: '1',
  total_amount: '4510.00',
  base_total_amount: '4510.00',
  invoice_date: '2026-05-06',
  remarks: null,
  ...over,
});
const line = (over: Partial<BuilderLine> = {}): BuilderLine => ({
  line_no: 1,
  charge_code: 'OFR',
  ledger_code: '7021',
  description: 'Ocean freight',
  job_no: 'JB1',
  dr_cr: 'DR',
  amount: '3700.00',
  tax_amount: '333.00',
  tax_code: 'VAT9',
  ...over,
});
const LINES = [
  line(),
  line({
    line_no: 2,
    charge_code: 'DOC',
    ledger_code: '7025',
    description: 'Documentation',
    amount: '450.00',
    tax_amount: '27.00',
    tax_code: 'VAT6',
  }),
];

function build(
  inv: BuilderInvoice,
  lines: BuilderLine[],
  kind: TJournalKind = 'post',
  partyAccount: string | null = 'HKCUS001',
) {
  const ruleSet = postingRuleSetOf(inv, kind);
  return buildJournal({
    invoice: inv,
    kind,
    ruleSet,
    partyAccount,
    lines,
    firstJob: 'JB1',
    rules: rulesOf(ruleSet),
    taxAccounts: taxes(inv.inv_type),
    roundingAccount: ROUNDING_ACCOUNT,
  });
}
const ok = (r: ReturnType<typeof build>) => {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.journal;
};
/** account → signed base amount (debit positive) */
const net = (j: ReturnType<typeof ok>) => {
  const out: Record<string, string> = {};
  for (const l of j.lines) {
    const k = `${l.role}:${l.account}:${l.charge_code ?? ''}`;
    out[k] = money.add(out[k] ?? '0', money.sub(l.debit, l.credit));
  }
  return out;
};
const balanced = (j: ReturnType<typeof ok>) =>
  expect(money.compare(money.sum(j.lines.map((l) => l.debit)), money.sum(j.lines.map((l) => l.credit)))).toBe(
    0,
  );

describe('the journal builder (posting rules as data)', () => {
  it('AR: customer debit gross, revenue per line and output VAT per tax code credit; balanced', () => {
    const j = ok(build(invoice(), LINES));
    balanced(j);
    expect(j.rule_set).toBe('AR');
    expect(j.reference).toBe('P-ARHKG2605000123');
    expect(j.period).toBe('2026-05');
    expect(net(j)).toEqual({
      'PARTY:HKCUS001:': '4510',
      'CHARGE:7021:OFR': '-3700',
      'CHARGE:7025:DOC': '-450',
      'TAX:2210:': '-360',
    });
    // Two tax codes, one account each: two tax lines.
    expect(j.lines.filter((l) => l.role === 'TAX')).toHaveLength(2);
    expect(j.lines.find((l) => l.role === 'PARTY')?.amount_txn).toBe('4510.00');
    expect(j.lines.find((l) => l.charge_code === 'OFR')?.amount_txn).toBe('-3700.00');
  });

  it('AP: cost and input VAT debit, vendor credit; balanced', () => {
    const j = ok(
      build(invoice({ inv_type: 'AP', kind: 'AP', account_code: 'HKCAR001' }), LINES, 'post', 'HKCAR001'),
    );
    balanced(j);
    expect(j.rule_set).toBe('AP');
    expect(net(j)).toEqual({
      'CHARGE:7021:OFR': '3700',
      'CHARGE:7025:DOC': '450',
      'TAX:1410:': '360',
      'PARTY:HKCAR001:': '-4510',
    });
  });

  it('each rule set balances, the inter-account debit note on the inter-office account', () => {
    for (const [inv, kind] of [
      [invoice(), 'post'],
      [invoice({ inv_type: 'AP', kind: 'AP' }), 'post'],
      [invoice({ kind: 'DN', is_inter_account: true }), 'post'],
      [invoice({ total_amount: '-4510.00', base_total_amount: '-4510.00' }), 'post_reversal'],
      [
        invoice({ inv_type: 'AP', kind: 'AP', total_amount: '-4510.00', base_total_amount: '-4510.00' }),
        'post_reversal',
      ],
    ] as const) {
      const lines = kind === 'post_reversal' ? LINES.map((l) => ({ ...l, dr_cr: 'CR' })) : LINES;
      const j = ok(build(inv, lines, kind));
      balanced(j);
      expect(money.compare(j.totalDebit, '4510')).toBe(0);
    }
    const dn = ok(build(invoice({ kind: 'DN', is_inter_account: true }), LINES));
    expect(dn.rule_set).toBe('AR_INTER_ACCOUNT_DN');
    expect(dn.lines[0]).toMatchObject({ account: '1500', debit: '4510.00' });
  });

  it('a reversal (the original lines with DR/CR swapped, negative total) mirrors the original journal', () => {
    const original = ok(build(invoice(), LINES));
    const reversal = ok(
      build(
        invoice({ invoice_no: 'ARHKG2605000123R', total_amount: '-4510.00', base_total_amount: '-4510.00' }),
        LINES.map((l) => ({ ...l, dr_cr: 'CR' })),
        'post_reversal',
      ),
    );
    expect(reversal.rule_set).toBe('AR_REVERSAL');
    expect(reversal.reference).toBe('R-ARHKG2605000123R');
    const o = net(original);
    const r = net(reversal);
    expect(Object.keys(r).sort()).toEqual(Object.keys(o).sort());
    for (const k of Object.keys(o)) expect(money.compare(r[k], money.mul(o[k], -1)), k).toBe(0);
  });

  it('a credit line (negative amount) turns to the other side', () => {
    const lines = [
      line({ amount: '1000.00', tax_amount: '0', tax_code: 'ZERO' }),
      line({
        line_no: 2,
        charge_code: 'DOC',
        ledger_code: '7025',
        dr_cr: 'CR',
        amount: '100.00',
        tax_amount: '0',
        tax_code: 'ZERO',
      }),
    ];
    const j = ok(build(invoice({ total_amount: '900.00', base_total_amount: '900.00' }), lines));
    balanced(j);
    expect(j.lines.find((l) => l.charge_code === 'DOC')).toMatchObject({
      debit: '100.00',
      credit: '0.00',
      amount_txn: '100.00',
    });
    // A zero tax makes no line.
    expect(j.lines.some((l) => l.role === 'TAX')).toBe(false);
  });

  it('multi-currency: USD at a rate, base amounts per line, currency amounts and the rate on every line', () => {
    // 1,234.57 USD + 98.76 USD at 7.812345: per-line base 9,644.89 + 771.55 = 10,416.44; total 1,333.33 → 10,416.43
    // (the cent goes to the rounding account).
    const lines = [
      line({ amount: '1234.57', tax_amount: '0', tax_code: 'ZERO' }),
      line({
        line_no: 2,
        charge_code: 'DOC',
        ledger_code: '7025',
        amount: '98.76',
        tax_amount: '0',
        tax_code: 'ZERO',
      }),
    ];
    const inv = invoice({
      currency: 'USD',
      exchange_rate: '7.812345',
      total_amount: '1333.33',
      base_total_amount: money.round(money.mul('1333.33', '7.812345'), 'HKD'),
    });
    const j = ok(build(inv, lines));
    balanced(j);
    expect(
      j.lines
        .filter((l) => l.role !== 'ROUNDING')
        .every((l) => l.currency === 'USD' && l.rate === '7.812345'),
    ).toBe(true);
    expect(j.lines.find((l) => l.charge_code === 'OFR')).toMatchObject({
      credit: '9644.89',
      amount_txn: '-1234.57',
    });
    expect(j.lines.find((l) => l.role === 'ROUNDING')).toMatchObject({ debit: '0.01' });
    expect(j.lines.find((l) => l.role === 'PARTY')).toMatchObject({
      debit: inv.base_total_amount,
      amount_txn: '1333.33',
    });
  });

  it('rounding differences of the per-line conversion go to the rounding account, so it always balances', () => {
    // Three lines of 0.01 USD at 7.8: each 0.078 → 0.08 HKD (0.24), the total 0.03 → 0.234 → 0.23 HKD.
    const lines = [1, 2, 3].map((n) =>
      line({ line_no: n, amount: '0.01', tax_amount: '0', tax_code: 'ZERO' }),
    );
    const j = ok(
      build(
        invoice({ currency: 'USD', exchange_rate: '7.8', total_amount: '0.03', base_total_amount: '0.23' }),
        lines,
      ),
    );
    balanced(j);
    const rounding = j.lines.find((l) => l.role === 'ROUNDING');
    expect(rounding).toMatchObject({
      account: ROUNDING_ACCOUNT,
      debit: '0.01',
      credit: '0.00',
      currency: 'HKD',
    });
  });

  it('names every missing item instead of building a half journal', () => {
    const r = build(
      invoice({ invoice_date: null }),
      [
        line({ ledger_code: null }),
        line({ line_no: 2, tax_code: 'VAT99', charge_code: 'XX', ledger_code: '7025' }),
      ],
      'post',
      null,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.item, i.msgKey, i.params])).toEqual([
      ['sun_account', 'msgPostingMissingSunAccount', { party: 'HKCUS001' }],
      ['ledger_code', 'msgPostingMissingLedgerCode', { chargeCode: 'OFR' }],
      ['tax_account', 'msgPostingMissingTaxAccount', { taxCode: 'VAT99' }],
      ['invoice_date', 'msgPostingMissingInvoiceDate', undefined],
    ]);
    expect(r.issues[0].fix_path).toBe('/BMS/party/party_maintenance/7');
    expect(r.issues[1].fix_path).toBe('/INV/chargeCodeDetails/OFR');
  });
});
