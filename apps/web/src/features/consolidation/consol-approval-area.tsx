import type { TConsolAction, TConsolidation } from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyReasonDialog as ReasonDialog } from '../../shared/components/lazy-reason-dialog';
import { documentsPath, useDocuments, useDocumentTypes } from '../../shared/documents/document-api';
import { useDocumentTypeLabel } from '../../shared/documents/document-labels';
import { useApp } from '../../shared/feedback';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { useConsolAction } from './consol-api';
import { useConsolLabels } from './consol-labels';
import './consolidation.css';

const REASON: TConsolAction[] = ['reject', 'cancel'];

// The reason and propose dialogs load when one opens.
const ProposeDialog = lazy(() =>
  import('./consol-approval-dialogs').then((m) => ({ default: m.ProposeDialog })),
);

/**
 * Consol Approval: the proposed sailings and the actions the server allows this user now (CONSOL_TRANSITIONS for
 * its side). Operations propose sailings with their rate, request the customer's approval or send a consol plan
 * advice; the customer approves one proposal or rejects with a reason. Steps wait for a saved form.
 */
export function ApprovalArea({ plan, dirty }: { plan: TConsolidation; dirty: boolean }) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  const { modal, notification } = useApp();
  const act = useConsolAction();
  const [chosen, setChosen] = useState<number | null>(
    plan.proposals.find((p) => p.is_selected)?.proposal_id ?? plan.proposals[0]?.proposal_id ?? null,
  );
  const [reasonFor, setReasonFor] = useState<TConsolAction | null>(null);
  const [proposing, setProposing] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);
  const pickName = useId();

  // The plan's documents as the Document Upload area reads them (one query): an upload there re-reads this
  // too, so the "needs a PL document" warning clears as soon as the document is in (issue 39).
  const docs = useDocuments(documentsPath('consolidation', plan.consol_no));
  const docTypes = useDocumentTypes();
  const typeLabel = useDocumentTypeLabel(docTypes.data);
  const requiredType = plan.required_document_type;
  const hasRequired = (docs.data ?? []).some((d) => d.document_type === requiredType);
  const chosenProposal = plan.proposals.find((p) => p.proposal_id === chosen) ?? plan.proposals[0];
  const customer = plan.customer_party_name ?? plan.customer_party_code ?? '—';

  /** What happened, in words: who was asked, what was chosen and the plan's new status (issue 39). */
  const outcome = (action: TConsolAction, saved: TConsolidation) => {
    const status = labels.status(saved.status);
    if (action === 'request_approval') return t('outcome.request_approval', { customer, status });
    if (action === 'approve')
      return t('outcome.approve', {
        vessel: chosenProposal ? `${chosenProposal.vessel_name} ${chosenProposal.voyage}` : '—',
        carrier: chosenProposal?.carrier_code ?? '—',
        status,
      });
    return t('outcome.other', { action: labels.action(action), status });
  };

  const run = async (action: TConsolAction, extra: Record<string, unknown> = {}) => {
    setProblem(null);
    try {
      const saved = await act.mutateAsync({ no: plan.consol_no, action, version: plan.version, ...extra });
      // A notice, not a toast: it outlives the form's re-mount on the new version and stays until read.
      notification.success({
        key: `consol-action-outcome-${plan.consol_no}`,
        title: labels.action(action),
        description: outcome(action, saved),
        duration: 10,
        props: { 'data-testid': 'consol-action-outcome' },
      });
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

  /** Request approval and Approve ask first, saying who is asked or what is chosen and the status to come. */
  const confirmFirst = (a: 'request_approval' | 'approve') => {
    const next = a === 'approve' ? 'APPROVED' : 'PENDING_CUSTOMER';
    const p = chosenProposal;
    const words =
      a === 'approve'
        ? {
            vessel: p ? `${p.vessel_name} ${p.voyage}` : '—',
            carrier: p?.carrier_code ?? '—',
            etd: p?.etd ?? '—',
            status: labels.status(next),
          }
        : { customer, n: plan.proposals.length, status: labels.status(next) };
    modal.confirm({
      title: t(`confirm.${a}.title`, words),
      content: t(`confirm.${a}.body`, words),
      okText: t(`confirm.${a}.ok`),
      cancelText: t('confirm.back'),
      okButtonProps: { 'data-testid': 'consol-confirm-ok' },
      cancelButtonProps: { 'data-testid': 'consol-confirm-back' },
      onOk: () => run(a, a === 'approve' ? { proposal_id: chosen } : {}),
    });
  };

  const onClick = (a: TConsolAction) => {
    if (a === 'propose') return setProposing(true);
    if (REASON.includes(a)) return setReasonFor(a);
    if (a === 'request_approval' || a === 'approve') return confirmFirst(a);
    return run(a);
  };

  return (
    <PlainCard title={t('area.approval')} data-testid="consol-area-approval">
      <Flex vertical gap={8}>
        <Flex wrap gap={8} align="center">
          <Typography.Text>{labels.field('customer_party_id')}:</Typography.Text>
          <Typography.Text strong data-testid="consol-customer">
            {plan.customer_party_name ?? '—'}
          </Typography.Text>

          {plan.approval_reason && (
            <Typography.Text type="danger" data-testid="consol-reason">
              {t('reason')}: {plan.approval_reason}
            </Typography.Text>
          )}
        </Flex>
        {docs.data && plan.status !== 'CANCELLED' && (
          <div data-testid="consol-required-doc" data-state={hasRequired ? 'present' : 'missing'}>
            <PlainAlert
              type={hasRequired ? 'success' : 'warning'}
              title={t(hasRequired ? 'docState.present' : 'docState.missing', {
                type: typeLabel(requiredType),
              })}
            />
          </div>
        )}
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
                <input
                  type="radio"
                  className="consol-pick"
                  name={pickName}
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
          <PlainAlert type="warning" title={t('saveFirst')} data-testid="consol-save-first" />
        )}
        {problem && (
          <PlainAlert
            type="error"
            data-testid="consol-action-error"
            title={problem.map((p) => <div key={p}>{p}</div>)}
          />
        )}
        <Flex wrap gap={8} align="center" data-testid="consol-actions">
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
        </Flex>
      </Flex>
      {reasonFor && (
        <ReasonDialog
          title={labels.action(reasonFor)}
          label={t('reason')}
          okTestId="consol-reason-ok"
          inputTestId="consol-reason-input"
          onCancel={() => setReasonFor(null)}
          onOk={async (reason) => {
            if (await run(reasonFor, { reason })) setReasonFor(null);
          }}
        />
      )}
      {proposing && (
        <Suspense fallback={null}>
          <ProposeDialog
            plan={plan}
            onClose={() => setProposing(false)}
            onPropose={async (proposals) => {
              if (await run('propose', { proposals })) setProposing(false);
            }}
          />
        </Suspense>
      )}
    </PlainCard>
  );
}
