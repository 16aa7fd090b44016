import type { TConsolAction, TConsolidation } from '@portal/contracts';
import { Alert, App, Button, Checkbox, Flex, Input, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { useConsolAction, useConsolSailings } from './consol-api';
import { useConsolLabels } from './consol-labels';

const REASON: TConsolAction[] = ['reject', 'cancel'];

/**
 * Consol Approval: the proposed sailings and the actions the server allows this user now (CONSOL_TRANSITIONS for
 * its side). Operations propose sailings with their rate, request the customer's approval or send a consol plan
 * advice; the customer approves one proposal or rejects with a reason. Steps wait for a saved form.
 */
export function ApprovalArea({ plan, dirty }: { plan: TConsolidation; dirty: boolean }) {
  const { t } = useTranslation(['consolidation', 'msg']);
  const labels = useConsolLabels();
  const { message } = App.useApp();
  const act = useConsolAction();
  const [chosen, setChosen] = useState<number | null>(
    plan.proposals.find((p) => p.is_selected)?.proposal_id ?? plan.proposals[0]?.proposal_id ?? null,
  );
  const [reasonFor, setReasonFor] = useState<TConsolAction | null>(null);
  const [reason, setReason] = useState('');
  const [proposing, setProposing] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);

  const run = async (action: TConsolAction, extra: Record<string, unknown> = {}) => {
    setProblem(null);
    try {
      await act.mutateAsync({ no: plan.consol_no, action, version: plan.version, ...extra });
      message.success(t('done', { action: labels.action(action) }));
      return true;
    } catch (e) {
      const details = e instanceof ApiError ? (e.body?.details ?? []) : [];
      setProblem([
        errorText(t, e),
        ...details.map(
          (d) =>
            `${labels.field(d.field.split('.')[0])}: ${msgText(t as never, d.msgKey, d.params) ?? d.msgKey}`,
        ),
      ]);
      return false;
    }
  };

  const onClick = (a: TConsolAction) => {
    if (a === 'propose') return setProposing(true);
    if (REASON.includes(a)) {
      setReason('');
      return setReasonFor(a);
    }
    return run(a, a === 'approve' ? { proposal_id: chosen } : {});
  };

  return (
    <PlainCard title={t('area.approval')} data-testid="consol-area-approval">
      <Flex vertical gap={8}>
        <Space wrap>
          <Typography.Text>{labels.field('customer_party_id')}:</Typography.Text>
          <Typography.Text strong data-testid="consol-customer">
            {plan.customer_party_name ?? '—'}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="consol-required-doc">
            {t('requiredDoc', { type: plan.required_document_type })}
          </Typography.Text>
          {plan.approval_reason && (
            <Typography.Text type="danger" data-testid="consol-reason">
              {t('reason')}: {plan.approval_reason}
            </Typography.Text>
          )}
        </Space>
        <StaticTable
          rowKey="proposal_id"
          pageSize={false}
          rows={plan.proposals}
          data-testid="consol-proposals"
          empty={<p>{t('noProposals')}</p>}
          columns={[
            {
              key: 'pick',
              width: 40,
              render: (_, p) => (
                <Radio
                  checked={chosen === p.proposal_id}
                  onChange={() => setChosen(p.proposal_id)}
                  aria-label={`${p.vessel_name} ${p.voyage}`}
                  data-testid={`consol-proposal-pick-${p.seq}`}
                />
              ),
            },
            { key: 'carrier', title: labels.field('carrier_code'), dataIndex: 'carrier_code', width: 80 },
            {
              key: 'vessel',
              title: labels.field('vessel'),
              render: (_, p) => `${p.vessel_name} ${p.voyage}`,
            },
            { key: 'etd', title: labels.field('etd'), dataIndex: 'etd', width: 110 },
            { key: 'eta', title: labels.field('eta'), dataIndex: 'eta', width: 110 },
            {
              key: 'rate',
              title: labels.field('rate'),
              render: (_, p) => (p.total_rate ? `${p.currency} ${p.total_rate}` : '—'),
            },
            { key: 'sel', title: labels.field('selected'), render: (_, p) => (p.is_selected ? '✓' : '') },
          ]}
        />
        {dirty && plan.allowed_actions.length > 0 && (
          <Alert type="warning" showIcon title={t('saveFirst')} data-testid="consol-save-first" />
        )}
        {problem && (
          <Alert
            type="error"
            showIcon
            data-testid="consol-action-error"
            title={problem.map((p) => <div key={p}>{p}</div>)}
          />
        )}
        <Space wrap data-testid="consol-actions">
          {plan.allowed_actions.map((a) => (
            <Button
              key={a}
              type={a === 'approve' || a === 'request_approval' ? 'primary' : 'default'}
              danger={a === 'reject' || a === 'cancel'}
              disabled={dirty || act.isPending}
              onClick={() => void onClick(a)}
              data-testid={`consol-action-${a}`}
            >
              {labels.action(a)}
            </Button>
          ))}
        </Space>
      </Flex>
      <Modal
        open={reasonFor !== null}
        title={reasonFor ? labels.action(reasonFor) : ''}
        onCancel={() => setReasonFor(null)}
        okButtonProps={{ disabled: !reason.trim(), 'data-testid': 'consol-reason-ok' } as never}
        onOk={async () => {
          if (reasonFor && (await run(reasonFor, { reason }))) setReasonFor(null);
        }}
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          placeholder={t('reason')}
          data-testid="consol-reason-input"
        />
      </Modal>
      {proposing && (
        <ProposeDialog
          plan={plan}
          onClose={() => setProposing(false)}
          onPropose={async (proposals) => {
            if (await run('propose', { proposals })) setProposing(false);
          }}
        />
      )}
    </PlainCard>
  );
}

function ProposeDialog({
  plan,
  onClose,
  onPropose,
}: {
  plan: TConsolidation;
  onClose: () => void;
  onPropose: (p: { sailing_id: number; rate_id: number | null }[]) => Promise<void>;
}) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  const sailings = useConsolSailings(plan.consol_no, true);
  const [picked, setPicked] = useState<Record<number, number | null>>({});
  return (
    <Modal
      open
      width={820}
      title={labels.action('propose')}
      onCancel={onClose}
      okButtonProps={{ disabled: !Object.keys(picked).length, 'data-testid': 'consol-propose-ok' } as never}
      onOk={() => onPropose(Object.entries(picked).map(([s, r]) => ({ sailing_id: Number(s), rate_id: r })))}
    >
      {sailings.error && <Alert type="error" title={errorText(t, sailings.error)} />}
      <StaticTable
        rowKey="sailing_id"
        loading={sailings.isLoading}
        pageSize={false}
        rows={sailings.data ?? []}
        empty={<p>{t('noSailings')}</p>}
        data-testid="consol-sailings"
        columns={[
          {
            key: 'pick',
            width: 40,
            render: (_, s) => (
              <Checkbox
                checked={s.sailing_id in picked}
                onChange={(e) =>
                  setPicked((p) => {
                    const n = { ...p };
                    if (e.target.checked) n[s.sailing_id] = s.rates[0]?.rate_id ?? null;
                    else delete n[s.sailing_id];
                    return n;
                  })
                }
                data-testid={`consol-sailing-pick-${s.sailing_id}`}
                aria-label={`${s.vessel_name} ${s.voyage}`}
              />
            ),
          },
          { key: 'carrier', title: labels.field('carrier_code'), dataIndex: 'carrier_code', width: 80 },
          { key: 'vessel', title: labels.field('vessel'), render: (_, s) => `${s.vessel_name} ${s.voyage}` },
          { key: 'etd', title: labels.field('etd'), dataIndex: 'etd', width: 110 },
          { key: 'eta', title: labels.field('eta'), dataIndex: 'eta', width: 110 },
          {
            key: 'rate',
            title: labels.field('rate'),
            width: 220,
            render: (_, s) => (
              <Select
                value={picked[s.sailing_id] ?? null}
                disabled={!(s.sailing_id in picked)}
                style={{ width: 200 }}
                allowClear
                placeholder={t('noRate')}
                onChange={(v) => setPicked((p) => ({ ...p, [s.sailing_id]: v ?? null }))}
                options={s.rates.map((r) => ({
                  value: r.rate_id,
                  label: `${r.carrier_code} ${r.currency ?? ''} ${r.total_rate}`,
                }))}
                data-testid={`consol-sailing-rate-${s.sailing_id}`}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
