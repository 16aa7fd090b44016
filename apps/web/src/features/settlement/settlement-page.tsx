import {
  formatMoney,
  money,
  SETTLEMENT_METHODS,
  type TInvoiceType,
  type TOpenInvoice,
} from '@portal/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainSegmented } from '../../shared/plain/plain-segmented';
import { PlainSelect } from '../../shared/plain/plain-select';
import { Typography } from '../../shared/plain/typography';
import '../../shared/plain/plain.css';
import { useCreateSettlement, useOpenInvoices } from './settlement-api';

const today = () => new Date().toISOString().slice(0, 10);
const valid = (v: string | undefined) => !!v && /^-?\d+(\.\d+)?$/.test(v.trim());
const detailPath = (r: TOpenInvoice) => `/INV/${r.inv_type === 'AR' ? 'ar' : 'ap'}Details/${r.inv_id}`;
const row = { display: 'flex', flexWrap: 'wrap', gap: 8 } as const;

/** A labelled input or select above its control (issue 20: the page's fields without antd). */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <label htmlFor={id} className="plain-secondary">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * /INV/Settlement (inv_closing): the posted invoices of one account with something outstanding; pick them,
 * enter what each settles or allocate one received amount oldest first, and record one receipt or payment.
 */
export function SettlementPage() {
  const { t, i18n } = useTranslation('settlement');
  const { message } = useApp();
  const fid = useId();
  const [side, setSide] = useState<TInvoiceType>('AR');
  const [account, setAccount] = useState('');
  const [query, setQuery] = useState<{ inv_type: TInvoiceType; account_code: string } | null>(null);
  const open = useOpenInvoices(query);
  const create = useCreateSettlement();
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [received, setReceived] = useState('');
  const [date, setDate] = useState(today());
  const [method, setMethod] = useState<(typeof SETTLEMENT_METHODS)[number]>('BANK_TRANSFER');
  const [bankRef, setBankRef] = useState('');
  const [rate, setRate] = useState('');
  const rows = open.data ?? [];
  const picked = rows.filter((r) => valid(amounts[r.inv_id]) && money.compare(amounts[r.inv_id], '0') !== 0);
  const currency = picked[0]?.currency ?? null;
  const total = money.sum(picked.map((r) => amounts[r.inv_id].trim()));
  const fmt = (v: string, c: string) => formatMoney(v, c, i18n.language);

  // One received amount over the listed invoices of the first one's currency, oldest first.
  const allocate = () => {
    if (!valid(received) || !rows.length) return;
    const cur = rows[0].currency;
    let left = received.trim();
    const next: Record<number, string> = {};
    for (const r of rows) {
      if (r.currency !== cur || money.compare(left, '0') <= 0) continue;
      const take = money.min([left, r.outstanding_amount]) as string;
      if (money.compare(take, '0') <= 0) continue;
      next[r.inv_id] = money.round(take, cur);
      left = money.sub(left, take);
    }
    setAmounts(next);
  };

  const submit = async () => {
    if (!currency) return;
    try {
      const res = await create.mutateAsync({
        settlement_date: date,
        method,
        bank_ref: bankRef.trim() || null,
        currency,
        exchange_rate: rate.trim() || null,
        amount: total,
        invoices: picked.map((r) => ({
          inv_id: r.inv_id,
          version: r.version,
          // The whole outstanding settles every line; a part is spread over the lines.
          amount:
            money.compare(amounts[r.inv_id], r.outstanding_amount) === 0 ? null : amounts[r.inv_id].trim(),
        })),
      });
      message.success(t('recorded', { no: res.settlement.settlement_no }));
      setAmounts({});
      setReceived('');
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  const columns: StaticTableColumn<TOpenInvoice>[] = [
    {
      key: 'invoice_no',
      title: t('field.invoice_no'),
      render: (_: unknown, r: TOpenInvoice) => <Link to={detailPath(r)}>{r.invoice_no}</Link>,
    },
    { key: 'invoice_date', title: t('field.invoice_date'), nowrap: true },
    { key: 'currency', title: t('field.currency'), dataIndex: 'currency' },
    {
      key: 'total',
      title: t('field.total_amount'),
      align: 'right',
      render: (_: unknown, r: TOpenInvoice) => fmt(r.total_amount, r.currency),
    },
    {
      key: 'settled',
      title: t('field.settled_amount'),
      align: 'right',
      render: (_: unknown, r: TOpenInvoice) => fmt(r.settled_amount, r.currency),
    },
    {
      key: 'outstanding',
      title: t('field.outstanding_amount'),
      align: 'right',
      render: (_: unknown, r: TOpenInvoice) => fmt(r.outstanding_amount, r.currency),
    },
    { key: 'group_no', title: t('field.group_no'), dataIndex: 'group_no' },
    {
      key: 'settle',
      title: t('field.settle_now'),
      width: 160,
      render: (_: unknown, r: TOpenInvoice) => (
        <input
          className="plain-input"
          aria-label={`${t('field.settle_now')} ${r.invoice_no}`}
          value={amounts[r.inv_id] ?? ''}
          disabled={!!currency && r.currency !== currency}
          onChange={(e) => setAmounts((m) => ({ ...m, [r.inv_id]: e.target.value }))}
          data-testid={`settlement-page-amount-${r.invoice_no}`}
        />
      ),
    },
  ];

  const search = () => setQuery({ inv_type: side, account_code: account.trim() });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="settlement-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('page.intro')}</Typography.Text>
      <div style={{ ...row, alignItems: 'center' }}>
        <PlainSegmented
          aria-label={t('field.side')}
          value={side}
          options={(['AR', 'AP'] as const).map((v) => ({ value: v, label: t(`page.${v}`) }))}
          onChange={(v) => setSide(v as TInvoiceType)}
        />
        <input
          className="plain-input"
          style={{ width: 200 }}
          placeholder={t('field.account_code')}
          aria-label={t('field.account_code')}
          value={account}
          onChange={(e) => setAccount(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) search();
          }}
          data-testid="settlement-page-account"
        />
        <PlainButton
          variant="primary"
          disabled={!account.trim()}
          onClick={() => {
            setAmounts({});
            search();
          }}
          data-testid="settlement-page-search"
        >
          {t('page.search')}
        </PlainButton>
      </div>
      {open.error && (
        <div className="plain-alert plain-alert--error" role="alert">
          {errorText(t, open.error)}
        </div>
      )}
      {query && (
        <>
          <StaticTable<TOpenInvoice>
            rowKey="inv_id"
            loading={open.isPending}
            rows={rows}
            pageSize={false}
            maxHeight={420}
            empty={t('page.empty')}
            columns={columns}
            data-testid="settlement-page-table"
          />
          {rows.length > 0 && (
            // Outstanding per currency of every listed invoice (issue 38), in each currency's digits.
            <div
              style={{ ...row, alignItems: 'baseline' }}
              role="status"
              data-testid="settlement-page-totals"
            >
              <Typography.Text strong>{t('page.outstandingTotals', { count: rows.length })}</Typography.Text>
              {[...new Set(rows.map((r) => r.currency))].sort().map((c) => (
                <Typography.Text key={c} data-testid={`settlement-page-total-${c}`}>
                  {c}{' '}
                  {fmt(money.sum(rows.filter((r) => r.currency === c).map((r) => r.outstanding_amount)), c)}
                </Typography.Text>
              ))}
            </div>
          )}
          <div style={{ ...row, alignItems: 'flex-end' }}>
            <Field id={`${fid}-received`} label={t('field.received')}>
              <input
                id={`${fid}-received`}
                className="plain-input"
                value={received}
                onChange={(e) => setReceived(e.target.value)}
                style={{ width: 180 }}
              />
            </Field>
            <PlainButton onClick={allocate} disabled={!valid(received) || !rows.length}>
              {t('page.allocate')}
            </PlainButton>
          </div>
          <div style={{ ...row, alignItems: 'flex-end' }}>
            <Field id={`${fid}-date`} label={t('field.settlement_date')}>
              <input
                id={`${fid}-date`}
                className="plain-input"
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </Field>
            <Field id={`${fid}-method`} label={t('field.method')}>
              <PlainSelect
                id={`${fid}-method`}
                style={{ display: 'block', minWidth: 180 }}
                value={method}
                onChange={(v) => v && setMethod(v as (typeof SETTLEMENT_METHODS)[number])}
                options={SETTLEMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              />
            </Field>
            <Field id={`${fid}-bank-ref`} label={t('field.bank_ref')}>
              <input
                id={`${fid}-bank-ref`}
                className="plain-input"
                value={bankRef}
                maxLength={60}
                onChange={(e) => setBankRef(e.target.value)}
              />
            </Field>
            <Field id={`${fid}-rate`} label={t('field.rate')}>
              <input
                id={`${fid}-rate`}
                className="plain-input"
                value={rate}
                placeholder={t('daysRate')}
                onChange={(e) => setRate(e.target.value)}
              />
            </Field>
            <PlainButton
              variant="primary"
              disabled={!picked.length}
              loading={create.isPending}
              onClick={() => void submit()}
              data-testid="settlement-page-record"
            >
              {t(side === 'AR' ? 'recordReceipt' : 'recordPayment')}
            </PlainButton>
          </div>
          <Typography.Text data-testid="settlement-page-selected">
            {t('page.selected', {
              count: picked.length,
              amount: currency ? `${fmt(total, currency)} ${currency}` : '0',
            })}
          </Typography.Text>
        </>
      )}
    </div>
  );
}
