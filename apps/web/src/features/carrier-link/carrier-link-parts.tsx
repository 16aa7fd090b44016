import type { TCarrierExchange } from '@portal/contracts';
import { Flex } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from '../../shared/button';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { type PlainFact, PlainFacts } from '../../shared/plain/plain-facts';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { type CarrierLinkLabels, useCarrierLinkLabels } from './carrier-link-labels';
import {
  carrierWorking,
  type DifferenceRow,
  detailParts,
  differencesKey,
  differenceText,
  initialTicks,
  isAppliable,
  linkColour,
  reviewDetail,
  statusColour,
  tickedFields,
} from './carrier-link-model';
import './carrier-link.css';

// The pieces both carrier panels show: the carrier's state and the link's, what the link is waiting for, the
// history, and the difference report with its ticks.

/** The carrier's DCSA state (and its amendment / cancellation sub-state) as worded, coloured tags. */
export function CarrierStatus({ x, testId }: { x: TCarrierExchange | null; testId: string }) {
  const l = useCarrierLinkLabels();
  if (!x?.carrier_status) return <Typography.Text type="secondary">{l.t('none')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      <PlainTag colour={statusColour(x.carrier_status)} data-testid={testId}>
        {l.status(x.carrier_status)}
      </PlainTag>
      {x.carrier_sub_status && (
        <PlainTag colour={statusColour(x.carrier_sub_status)} data-testid={`${testId}-sub`}>
          {l.status(x.carrier_sub_status)}
        </PlainTag>
      )}
    </Flex>
  );
}

/** The state, the link and the carrier's references of one exchange as labelled facts. */
export function ExchangeFacts({
  x,
  refs,
  testId,
}: {
  x: TCarrierExchange;
  refs: { key: string; label: string; value: string | null }[];
  testId: string;
}) {
  const l = useCarrierLinkLabels();
  const items: PlainFact[] = [
    { key: 'state', label: l.t('state'), children: <CarrierStatus x={x} testId={`${testId}-status`} /> },
    {
      key: 'link',
      label: l.t('linkState'),
      children: (
        <PlainTag colour={linkColour(x.link_state)} data-testid={`${testId}-link`}>
          {l.link(x.link_state)}
        </PlainTag>
      ),
    },
    ...refs.map((r) => ({
      key: r.key,
      label: r.label,
      children: <span data-testid={`${testId}-${r.key}`}>{r.value ?? l.t('none')}</span>,
    })),
    { key: 'news', label: l.t('lastNews'), children: l.time(x.carrier_document_at) },
  ];
  return <PlainFacts items={items} column={3} size="small" data-testid={`${testId}-facts`} />;
}

/** What the link waits for: retries with the last error and the next attempt, a refusal, or the carrier at work. */
export function LinkNotice({
  x,
  testId,
  settled,
}: {
  x: TCarrierExchange;
  testId: string;
  settled?: boolean;
}) {
  const l = useCarrierLinkLabels();
  const error = l.error(x.last_error);
  if (x.link_state === 'SENDING' && x.attempts > 0 && x.last_error) {
    return (
      <PlainAlert
        type="warning"
        data-testid={`${testId}-retrying`}
        title={
          x.next_attempt_at
            ? l.t('retrying', { attempts: x.attempts, error, at: l.time(x.next_attempt_at) })
            : l.t('retryingSoon', { attempts: x.attempts, error })
        }
      />
    );
  }
  if (x.link_state === 'FAILED')
    return <PlainAlert type="error" data-testid={`${testId}-failed`} title={l.t('failedHelp', { error })} />;
  if (x.link_state === 'REFUSED')
    return (
      <PlainAlert type="error" data-testid={`${testId}-refused`} title={l.t('refusedHelp', { error })} />
    );
  if (carrierWorking(x) && !settled)
    return (
      <Typography.Text type="secondary" data-testid={`${testId}-working`}>
        {l.t('working')}
      </Typography.Text>
    );
  return null;
}

/** The history of one or more exchanges, newest first. */
export function ExchangeHistory({
  exchanges,
  testId,
  fieldLabel,
}: {
  exchanges: (TCarrierExchange | null)[];
  testId: string;
  /** The document's own field labels for review notes (the bill's); the carrier-link catalogue's otherwise. */
  fieldLabel?: (field: string) => string;
}) {
  const l = useCarrierLinkLabels();
  const fieldWord = (f: string) => fieldLabel?.(f) || l.field(f);
  const detailText = (detail: string) => {
    const review = reviewDetail(detail);
    if (!review)
      return detailParts(detail)
        .map((d) => (d.action ? l.action(d.text) : d.text))
        .join(' · ');
    if (review.dismissed) return l.t('history.dismissed');
    if (review.none) return l.t('history.noDifferences');
    return [
      review.accepted.length
        ? l.t('history.accepted', { fields: review.accepted.map(fieldWord).join(', ') })
        : '',
      review.rejected.length
        ? l.t('history.kept', { fields: review.rejected.map(fieldWord).join(', ') })
        : '',
    ]
      .filter(Boolean)
      .join('; ');
  };
  const several = exchanges.filter(Boolean).length > 1;
  const events = exchanges
    .flatMap((x) => (x ? x.events.map((e) => ({ ...e, kind: x.kind })) : []))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <section aria-label={l.t('history.title')} data-testid={testId}>
      <Typography.Text strong>{l.t('history.title')}</Typography.Text>
      {events.length === 0 ? (
        <Typography.Paragraph type="secondary">{l.t('history.empty')}</Typography.Paragraph>
      ) : (
        <ol className="carrier-link-history">
          {events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two lines may share a time and an event
            <li key={`${e.at}:${e.event}:${i}`} data-testid={`${testId}-line`}>
              <span className="carrier-link-history-time">{l.time(e.at)}</span>
              <span>
                {several && <PlainTag>{l.kind(e.kind)}</PlainTag>}
                <PlainTag colour={e.source === 'CARRIER' ? 'blue' : 'default'}>{l.source(e.source)}</PlainTag>
                <strong>{l.event(e.event)}</strong>
                {e.carrier_status && (
                  <>
                    {' '}
                    <PlainTag colour={statusColour(e.carrier_status)}>{l.status(e.carrier_status)}</PlainTag>
                  </>
                )}
                {e.detail && <Typography.Text type="secondary"> {detailText(e.detail)}</Typography.Text>}
                {e.user_name && (
                  <Typography.Text type="secondary">
                    {' '}
                    {l.t('history.by', { user: e.user_name })}
                  </Typography.Text>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export interface CarrierDifferencesProps {
  title: string;
  rows: readonly DifferenceRow[];
  /** The document's own words for its fields (the plan's or the bill's labels); the catalogue's otherwise. */
  fieldLabel?: (field: string) => string;
  /** A value as the document words it (a port's name, a container type); the text otherwise. */
  valueLabel?: (field: string, value: unknown) => string;
  canAccept: boolean;
  pending: boolean;
  /** The document has unsaved input: accepting waits for a save. */
  blocked?: boolean;
  onAccept: (fields: string[]) => unknown;
  reviewedAt?: string | null;
  /** The carrier's latest document was reviewed: the rows left start unticked. */
  reviewed?: boolean;
  /** Shown above the table: the carrier's document names another carrier, port or date (the bill's import). */
  warnings?: readonly { field: string; ours: string | null; carrier: string | null }[];
  testId: string;
}

/**
 * The carrier's document against ours, as the transport-document import shows it on the bill: field, ours,
 * the carrier's; a tick per row the document can take (all ticked at first; compare-only rows have none), and
 * "Accept selected" sends the ticked fields. The ticks start again when the carrier's document changes.
 */
export function CarrierDifferences(p: CarrierDifferencesProps) {
  const l = useCarrierLinkLabels();
  const { rows } = p;
  const reviewed = !!p.reviewed;
  const key = differencesKey(rows);
  const [ticks, setTicks] = useState<ReadonlySet<string>>(() => initialTicks(rows, reviewed));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the rows
  useEffect(() => setTicks(initialTicks(rows, reviewed)), [key, reviewed]);
  const fieldWord = (f: string) => p.fieldLabel?.(f) ?? l.field(f);
  const value = (f: string, v: unknown) => (p.valueLabel ? p.valueLabel(f, v) : differenceText(v));
  const chosen = useMemo(() => tickedFields(rows, ticks), [rows, ticks]);
  const appliable = rows.filter(isAppliable).length;
  if (rows.length === 0) return null;
  return (
    <Flex vertical gap={8} data-testid={p.testId}>
      <Typography.Text strong>{p.title}</Typography.Text>
      {p.warnings && p.warnings.length > 0 && (
        <PlainAlert
          type="warning"
          data-testid={`${p.testId}-warnings`}
          title={l.t('diff.warningsTitle')}
          description={
            <ul>
              {p.warnings.map((w) => (
                <li key={w.field}>
                  {l.t('diff.warning', {
                    field: fieldWord(w.field),
                    carrier: value(w.field, w.carrier),
                    ours: value(w.field, w.ours),
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <StaticTable<DifferenceRow>
        pageSize={false}
        rowKey="field"
        rows={rows}
        rowTestId={(d) => `${p.testId}-row-${d.field}`}
        rowSelection={
          p.canAccept
            ? {
                selectedRowKeys: [...ticks],
                onChange: (keys: Key[]) => setTicks(new Set(keys.map(String))),
                isDisabled: (d) => !isAppliable(d),
                label: (d) => l.t('diff.takeLabel', { field: fieldWord(d.field) }),
              }
            : undefined
        }
        columns={[
          { key: 'field', title: l.t('diff.field'), render: (_, d) => fieldWord(d.field) },
          { key: 'ours', title: l.t('diff.ours'), render: (_, d) => value(d.field, d.ours) },
          {
            key: 'carrier',
            title: l.t('diff.carrier'),
            render: (_, d) => <strong>{value(d.field, d.carrier)}</strong>,
          },
          {
            key: 'note',
            title: l.t('diff.note'),
            render: (_, d) =>
              isAppliable(d) ? null : (
                <Typography.Text type="secondary">{l.t('diff.compareOnly')}</Typography.Text>
              ),
          },
        ]}
      />
      {p.canAccept && appliable > 0 && (
        <Flex gap={8} align="center" wrap>
          <Button
            type="primary"
            disabled={!!p.blocked}
            loading={p.pending}
            onClick={() => p.onAccept(chosen)}
            data-testid={`${p.testId}-accept`}
          >
            {/* Nothing ticked: the carrier's values are all left aside, and the document counts as reviewed. */}
            {chosen.length > 0 ? l.t('diff.acceptSelected') : l.t('diff.keepOurs')}
          </Button>
          <Typography.Text type="secondary" data-testid={`${p.testId}-selected`}>
            {l.t('diff.selected', { n: chosen.length, total: appliable })}
          </Typography.Text>
          {p.blocked && <Typography.Text type="secondary">{l.t('saveFirst')}</Typography.Text>}
        </Flex>
      )}
      {p.reviewedAt && (
        <Typography.Text type="secondary">
          {l.t('diff.reviewed', { at: l.time(p.reviewedAt) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A labelled block of a panel (the SI, the draft). */
export function PanelBlock({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Flex vertical gap={8} className="carrier-link-block" data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </Flex>
  );
}

export type { CarrierLinkLabels };
