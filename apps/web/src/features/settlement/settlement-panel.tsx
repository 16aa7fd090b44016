import {
  formatMoney,
  money,
  SETTLEABLE_STATUSES,
  SETTLEMENT_METHODS,
  type TInvoice,
  type TSettlement,
} from '@portal/contracts';
import { Alert, type ButtonProps, Descriptions, Flex, Modal, Radio, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainSelect } from '../../shared/plain/plain-select';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import {
  useCreateSettlement,
  useInvoiceSettlements,
  useOpenInvoices,
  useReverseSettlement,
  useSettleGroup,
} from './settlement-api';
import {
  amountToSettle,
  gainOrLoss,
  isPaymentGroup,
  outstandingAfter,
  type RecordInput,
  recordRequest,
  type SettleMode,
  shareOf,
  signOf,
} from './settlement-model';

const today = () => new Date().toISOString().slice(0, 10);

/** Record receipt / payment: the whole outstanding, an amount spread over the lines, chosen lines, or the group. */
function RecordDialog({ inv, open, onClose }: { inv: TInvoice; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('settlement');
  const { message } = useApp();
  const create = useCreateSettlement();
  const group = useSettleGroup();
  const [date, setDate] = useState(today());
  const [method, setMethod] = useState<(typeof SETTLEMENT_METHODS)[number]>('BANK_TRANSFER');
  const [bankRef, setBankRef] = useState('');
  const [rate, setRate] = useState('');
  const [mode, setMode] = useState<SettleMode>('full');
  const [amount, setAmount] = useState('');
  const [lineAmounts, setLineAmounts] = useState<Record<number, string>>({});
  const cur = inv.currency;
  const fmt = (v: string) => formatMoney(v, cur, i18n.language);
  const inGroup = isPaymentGroup(inv.group_no);
  const open_ = useOpenInvoices(
    open && inGroup ? { inv_type: inv.inv_type, account_code: inv.account_code, currency: cur } : null,
  );
  const members = (open_.data ?? []).filter((r) => r.group_no === inv.group_no);
  const groupOutstanding = money.sum(members.map((m) => m.outstanding_amount));
  const input: RecordInput = {
    mode,
    settlement_date: date,
    method,
    bankRef,
    rate,
    amount,
    lineAmounts,
    groupOutstanding,
  };
  const toSettle = amountToSettle(inv, input);
  const after = outstandingAfter(inv, input);
  const busy = create.isPending || group.isPending;

  const submit = async () => {
    try {
      const req = recordRequest(inv, input);
      const res =
        req.kind === 'group' ? await group.mutateAsync(req.body) : await create.mutateAsync(req.body);
      message.success(t('recorded', { no: res.settlement.settlement_no }));
      setAmount('');
      setLineAmounts({});
      onClose();
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  return (
    <Modal
      open={open}
      title={t(inv.inv_type === 'AR' ? 'recordReceipt' : 'recordPayment')}
      okText={t('record')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, 'data-testid': 'settlement-submit' } as ButtonProps}
      width={720}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="settlement-dialog">
        <Flex gap={12} wrap>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{t('field.settlement_date')}</Typography.Text>
            <PlainTextInput
              aria-label={t('field.settlement_date')}
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              data-testid="settlement-date"
            />
          </Flex>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{t('field.method')}</Typography.Text>
            <PlainSelect
              aria-label={t('field.method')}
              className="plain-form-select"
              style={{ display: 'block', minWidth: 180 }}
              value={method}
              onChange={(v) => setMethod(SETTLEMENT_METHODS.find((m) => m === v) ?? method)}
              options={SETTLEMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              data-testid="settlement-method"
            />
          </Flex>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{t('field.bank_ref')}</Typography.Text>
            <PlainTextInput
              aria-label={t('field.bank_ref')}
              value={bankRef}
              maxLength={60}
              onChange={(e) => setBankRef(e.target.value)}
              data-testid="settlement-bank-ref"
            />
          </Flex>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">
              {t('field.exchange_rate', { from: cur, to: inv.base_currency })}
            </Typography.Text>
            <PlainTextInput
              aria-label={t('field.exchange_rate', { from: cur, to: inv.base_currency })}
              value={rate}
              disabled={cur === inv.base_currency}
              placeholder={t('daysRate')}
              onChange={(e) => setRate(e.target.value)}
              data-testid="settlement-rate"
            />
          </Flex>
        </Flex>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
          <Radio value="full" data-testid="settlement-mode-full">
            {t('mode.full')}
          </Radio>
          <Radio value="amount" data-testid="settlement-mode-amount">
            {t('mode.amount')}
          </Radio>
          <Radio value="lines" data-testid="settlement-mode-lines">
            {t('mode.lines')}
          </Radio>
          {inGroup && (
            <Radio value="group" data-testid="settlement-mode-group">
              {t('mode.group', { groupNo: inv.group_no })}
            </Radio>
          )}
        </Radio.Group>
        {mode === 'amount' && (
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{t('field.amount', { currency: cur })}</Typography.Text>
            <PlainTextInput
              aria-label={t('field.amount', { currency: cur })}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              data-testid="settlement-amount"
            />
          </Flex>
        )}
        {mode === 'lines' && (
          <StaticTable
            rowKey="id"
            pageSize={false}
            rows={inv.lines}
            columns={[
              { key: 'line_no', title: '#', dataIndex: 'line_no', width: 50 },
              { key: 'charge_code', title: t('field.charge_code'), dataIndex: 'charge_code' },
              { key: 'dr_cr', title: t('field.dr_cr'), dataIndex: 'dr_cr', width: 60 },
              {
                key: 'outstanding',
                title: t('field.outstanding_amount'),
                align: 'right',
                render: (_, l) => fmt(l.outstanding_amount),
              },
              {
                key: 'settle',
                title: t('field.settle_now'),
                width: 160,
                render: (_, l) => (
                  <PlainTextInput
                    aria-label={t('field.settle_now')}
                    value={lineAmounts[l.id] ?? ''}
                    disabled={signOf(l.outstanding_amount) <= 0}
                    onChange={(e) => setLineAmounts((m) => ({ ...m, [l.id]: e.target.value }))}
                    data-testid={`settlement-line-${l.line_no}`}
                  />
                ),
              },
            ]}
          />
        )}
        {mode === 'group' && (
          <Alert
            type="info"
            showIcon
            data-testid="settlement-group-info"
            message={t('groupInfo', { count: members.length, amount: fmt(groupOutstanding), currency: cur })}
          />
        )}
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={t('field.to_settle')}>
            <span data-testid="settlement-to-settle">
              {fmt(toSettle)} {cur}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.outstanding_after')}>
            {fmt(after)} {cur}
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </Modal>
  );
}

/** Reverse with confirmation and a reason. */
function ReverseDialog({ s, onClose }: { s: TSettlement | null; onClose: () => void }) {
  const { t } = useTranslation('settlement');
  const { message } = useApp();
  const reverse = useReverseSettlement();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={s !== null}
      title={t('reverseTitle', { no: s?.settlement_no ?? '' })}
      okText={t('reverse')}
      okButtonProps={
        {
          danger: true,
          disabled: !reason.trim(),
          loading: reverse.isPending,
          'data-testid': 'settlement-reverse-ok',
        } as ButtonProps
      }
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={async () => {
        if (!s) return;
        try {
          await reverse.mutateAsync({
            settlement_id: s.settlement_id,
            version: s.version,
            reason: reason.trim(),
          });
          message.success(t('reversed', { no: s.settlement_no }));
          setReason('');
          onClose();
        } catch (e) {
          message.error(errorText(t, e));
        }
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('reverseConfirm')}</Typography.Paragraph>
      <PlainTextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('reasonPlaceholder')}
        maxLength={500}
        data-testid="settlement-reverse-reason"
      />
    </Modal>
  );
}

/**
 * The Settlement tab of an invoice (docs/settlement.md): settled and outstanding, the receipts or payments
 * with their rate and exchange difference, Record receipt/payment and Reverse (inv_closing).
 */
export function SettlementPanel({ inv, active }: { inv: TInvoice; active: boolean }) {
  const { t, i18n } = useTranslation('settlement');
  const session = useSession();
  const list = useInvoiceSettlements(inv.inv_id, active);
  const [recording, setRecording] = useState(false);
  const [reversing, setReversing] = useState<TSettlement | null>(null);
  const cur = inv.currency;
  const base = inv.base_currency;
  const fmt = (v: string, c: string) => formatMoney(v, c, i18n.language);
  const canSettle = session.hasFunc('inv_closing');
  const settleable = SETTLEABLE_STATUSES.includes(inv.status);
  const rows = useMemo(
    () => (list.data ?? []).map((s) => ({ s, share: shareOf(s, inv.inv_id) })),
    [list.data, inv.inv_id],
  );
  // A gain when we receive more base currency than booked (receipt) or pay less (payment).
  const gainTag = (diff: string) => {
    const g = gainOrLoss(inv.inv_type, diff);
    return g && <Tag color={g === 'gain' ? 'green' : 'red'}>{t(g)}</Tag>;
  };

  return (
    <Flex vertical gap={12} data-testid="settlement-panel">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
        <Descriptions.Item label={t('field.total_amount')}>
          {fmt(inv.total_amount, cur)} {cur}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.settled_amount')}>
          <span data-testid="settlement-settled">
            {fmt(inv.settled_amount, cur)} {cur}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.outstanding_amount')}>
          <span data-testid="settlement-outstanding">
            {fmt(inv.outstanding_amount, cur)} {cur}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.payment_marker')}>
          <span data-testid="settlement-marker">
            {inv.payment_marker
              ? t(`marker.${inv.payment_marker}`, { defaultValue: inv.payment_marker })
              : '—'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.payment_ref')}>{inv.payment_ref ?? '—'}</Descriptions.Item>
      </Descriptions>
      {!settleable && (
        <Alert type="info" showIcon message={t('notPosted')} data-testid="settlement-not-posted" />
      )}
      {canSettle && settleable && signOf(inv.outstanding_amount) !== 0 && (
        <Flex>
          <Button type="primary" onClick={() => setRecording(true)} data-testid="settlement-record">
            {t(inv.inv_type === 'AR' ? 'recordReceipt' : 'recordPayment')}
          </Button>
        </Flex>
      )}
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} />}
      <StaticTable
        rowKey={(r) => r.s.settlement_id}
        loading={list.isPending && active}
        rows={rows}
        pageSize={false}
        empty={t('none')}
        data-testid="settlement-table"
        expandable={{
          render: ({ share }) => (
            <StaticTable
              rowKey="line_id"
              pageSize={false}
              rows={share.allocations}
              columns={[
                { key: 'line_no', title: '#', dataIndex: 'line_no', width: 50 },
                { key: 'charge_code', title: t('field.charge_code'), dataIndex: 'charge_code' },
                { key: 'dr_cr', title: t('field.dr_cr'), dataIndex: 'dr_cr' },
                {
                  key: 'amount',
                  title: t('field.amount', { currency: cur }),
                  align: 'right',
                  render: (_, a) => fmt(a.amount, cur),
                },
                {
                  key: 'invoice_rate',
                  title: t('field.invoice_rate'),
                  dataIndex: 'invoice_rate',
                  align: 'right',
                },
                {
                  key: 'invoice_base_amount',
                  title: t('field.invoice_base_amount', { currency: base }),
                  align: 'right',
                  render: (_, a) => fmt(a.invoice_base_amount, base),
                },
                {
                  key: 'base_amount',
                  title: t('field.base_amount', { currency: base }),
                  align: 'right',
                  render: (_, a) => fmt(a.base_amount, base),
                },
                {
                  key: 'exchange_difference',
                  title: t('field.exchange_difference', { currency: base }),
                  align: 'right',
                  render: (_, a) => fmt(a.exchange_difference, base),
                },
              ]}
            />
          ),
        }}
        columns={[
          {
            key: 'no',
            title: t('field.settlement_no'),
            render: (_, { s }) => (
              <span data-testid={`settlement-row-${s.settlement_no}`}>
                {s.settlement_no} {s.reversed && <Tag color="default">{t('reversedTag')}</Tag>}
              </span>
            ),
          },
          {
            key: 'date',
            title: t('field.settlement_date'),
            nowrap: true,
            render: (_, { s }) => s.settlement_date,
          },
          { key: 'method', title: t('field.method'), render: (_, { s }) => t(`method.${s.method}`) },
          {
            key: 'bank_ref',
            title: t('field.bank_ref'),
            render: (_, { s }) => s.bank_ref ?? s.group_no ?? '',
          },
          {
            key: 'amount',
            title: t('field.amount', { currency: cur }),
            align: 'right',
            render: (_, { s, share }) => (
              <span data-testid={`settlement-amount-${s.settlement_no}`}>{fmt(share.amount, cur)}</span>
            ),
          },
          { key: 'rate', title: t('field.rate'), align: 'right', render: (_, { s }) => s.exchange_rate },
          {
            key: 'base',
            title: t('field.base_amount', { currency: base }),
            align: 'right',
            render: (_, { share }) => fmt(share.base, base),
          },
          {
            key: 'diff',
            title: t('field.exchange_difference', { currency: base }),
            align: 'right',
            render: (_, { s, share }) => (
              <span data-testid={`settlement-diff-${s.settlement_no}`}>
                {fmt(share.difference, base)} {gainTag(share.difference)}
              </span>
            ),
          },
          { key: 'by', title: t('field.created_by'), render: (_, { s }) => s.created_by ?? '' },
          {
            key: 'actions',
            title: '',
            render: (_, { s }) =>
              s.reversed ? (
                <Typography.Text type="secondary" title={s.reverse_reason ?? ''}>
                  {s.reverse_reason}
                </Typography.Text>
              ) : (
                canSettle && (
                  <Button
                    size="small"
                    danger
                    onClick={() => setReversing(s)}
                    data-testid={`settlement-reverse-${s.settlement_no}`}
                  >
                    {t('reverse')}
                  </Button>
                )
              ),
          },
        ]}
      />
      {/* Mounted while open: each recording starts from the defaults (whole outstanding, today). */}
      {recording && <RecordDialog inv={inv} open onClose={() => setRecording(false)} />}
      <ReverseDialog s={reversing} onClose={() => setReversing(null)} />
    </Flex>
  );
}
