import {
  OPERATION_ALERT_COLOURS,
  OPERATION_ALERT_KINDS,
  type TOperationAlertDashboard,
  type TOperationAlertRow,
} from '@portal/contracts';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useStatusWord } from '../../shared/i18n/code-words';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainButton, PlainLinkButton } from '../../shared/plain/plain-button';
import { PlainSelect } from '../../shared/plain/plain-select';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { alertPath } from './alert-paths';
import { type AlertFilterValues, useOperationAlerts } from './operation-alert-api';
import './operation-alert.css';

const FILTERS = ['office', 'kind', 'colour', 'owner', 'perGroup'] as const;
type Group = TOperationAlertDashboard['groups'][number];

/** "11 h" under two days, else "4 d": how long the document has been yellow or red. */
function overdue(alertAt: string, t: (k: string, o?: Record<string, unknown>) => string) {
  const hours = Math.max(0, Math.floor((Date.now() - Date.parse(alertAt)) / 3_600_000));
  return hours < 48 ? t('hours', { n: hours }) : t('days', { n: Math.floor(hours / 24) });
}

/**
 * The operation alert dashboard (issue 17, docs/operation-alerts.md): every yellow or red document across
 * bookings, approvals, consolidations, load plans and invoices, grouped by owner and office with the oldest
 * alert first, each with the link that opens it. Filters live in the URL (Back and shared links keep them).
 */
export default function OperationAlertPage() {
  const { t } = useTranslation('operation-alert');
  const { t: tc } = useTranslation('common');
  const statusWord = useStatusWord();
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const filter: AlertFilterValues = {};
  for (const n of FILTERS) {
    const v = params.get(n);
    if (v) filter[n] = v;
  }
  const q = useOperationAlerts(filter);
  const set = (patch: AlertFilterValues) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const d = q.data;
  const tk = t as unknown as (k: string, o?: Record<string, unknown>) => string;
  const withSelected = (values: string[] | undefined, selected?: string) =>
    [...new Set([...(values ?? []), ...(selected ? [selected] : [])])].map((v) => ({ value: v, label: v }));

  const columns: StaticTableColumn<TOperationAlertRow>[] = [
    {
      key: 'colour',
      title: t('col.colour'),
      width: 90,
      render: (_, r) => (
        <PlainTag colour={r.colour === 'red' ? 'red' : 'gold'} data-testid="alert-colour">
          {t(`colour.${r.colour}`)}
        </PlainTag>
      ),
    },
    {
      key: 'number',
      title: t('col.document'),
      render: (_, r) => (
        <Link to={alertPath(r)} data-testid="alert-link">
          {r.number}
        </Link>
      ),
    },
    { key: 'kind', title: t('col.kind'), render: (_, r) => t(`kind.${r.kind}`) },
    { key: 'reason', title: t('col.reason'), render: (_, r) => t(`reason.${r.list.replace(':', '_')}`) },
    {
      key: 'status',
      title: t('col.status'),
      render: (_, r) => <span data-testid="alert-status">{statusWord(r.kind, r.status)}</span>,
    },
    {
      key: 'since',
      title: t('col.since'),
      render: (_, r) =>
        r.kind === 'load_plan' ? t('etd', { date: r.since }) : dayjs(r.since).format('YYYY-MM-DD HH:mm'),
    },
    { key: 'overdue', title: t('col.overdue'), render: (_, r) => overdue(r.alert_at, tk) },
  ];

  const groupTitle = (g: Group) => `${g.owner ?? t('noOwner')} · ${g.office ?? t('noOffice')}`;
  const more = (g: Group) => g.red + g.yellow > g.rows.length;

  const choice = (
    name: 'office' | 'kind' | 'colour' | 'owner',
    width: number,
    options: { value: string; label: string }[],
    patch: (v: string | undefined) => AlertFilterValues,
  ) => (
    <div className="op-alert-filter">
      <label htmlFor={`${formId}-${name}`}>{t(`filter.${name}`)}</label>
      <PlainSelect
        id={`${formId}-${name}`}
        allowClear
        placeholder={t(`filter.${name}`)}
        aria-label={t(`filter.${name}`)}
        style={{ width }}
        value={filter[name]}
        onChange={(v) => set(patch(v))}
        options={options}
        data-testid={`alert-filter-${name}`}
      />
    </div>
  );

  return (
    <div className="op-alert-page">
      <PageHeading>{t('title')}</PageHeading>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's DOM types yet; the role names the same landmark */}
      <div className="op-alert-filters" role="search" aria-label={t('filters')}>
        {choice('office', 140, withSelected(d?.offices, filter.office), (v) => ({ office: v }))}
        {choice(
          'kind',
          200,
          OPERATION_ALERT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          (v) => ({ kind: v }),
        )}
        {choice(
          'colour',
          120,
          OPERATION_ALERT_COLOURS.map((c) => ({ value: c, label: t(`colour.${c}`) })),
          (v) => ({ colour: v }),
        )}
        {choice('owner', 220, withSelected(d?.owners, filter.owner), (v) => ({
          owner: v,
          perGroup: undefined,
        }))}
        <PlainButton onClick={() => setParams({}, { replace: true })}>{t('clear')}</PlainButton>
        <PlainButton onClick={() => q.refetch()} loading={q.isFetching}>
          {t('refresh')}
        </PlainButton>
      </div>

      {q.error && (
        <div className="plain-alert plain-alert--error" role="alert">
          {errorText(tc, q.error)}
        </div>
      )}
      {d?.capped && (
        <div className="plain-alert plain-alert--warning" role="alert">
          {t('capped', { cap: d.cap.toLocaleString() })}
        </div>
      )}

      {d && (
        // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset
        <div className="op-alert-summary" data-testid="alert-summary" aria-label={t('summary')} role="group">
          {d.byKind.map((k) => (
            <PlainButton
              key={k.kind}
              onClick={() => set({ kind: filter.kind === k.kind ? undefined : k.kind })}
              aria-pressed={filter.kind === k.kind}
              data-testid={`alert-kind-${k.kind}`}
            >
              <span>{t(`kind.${k.kind}`)}</span>
              <PlainTag colour="red">{t('countRed', { n: k.red })}</PlainTag>
              <PlainTag colour="gold">{t('countYellow', { n: k.yellow })}</PlainTag>
            </PlainButton>
          ))}
        </div>
      )}

      {!d && q.isLoading && (
        <div className="op-alert-loading" role="status" aria-label={tc('loading')}>
          <span className="plain-spinner" aria-hidden="true" />
        </div>
      )}
      {d && !d.groups.length && (
        <p className="op-alert-empty" data-testid="alert-empty">
          {t('empty')}
        </p>
      )}

      {d?.groups.map((g) => (
        <section key={`${g.owner}|${g.office}`} data-testid="alert-group" aria-label={groupTitle(g)}>
          <div className="op-alert-group-head">
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {groupTitle(g)}
            </Typography.Title>
            <PlainTag colour="red">{t('countRed', { n: g.red })}</PlainTag>
            <PlainTag colour="gold">{t('countYellow', { n: g.yellow })}</PlainTag>
            {more(g) && (
              <PlainLinkButton
                onClick={() =>
                  set({ owner: g.owner ?? undefined, office: g.office ?? undefined, perGroup: '200' })
                }
              >
                {t('showAll', { n: g.red + g.yellow })}
              </PlainLinkButton>
            )}
          </div>
          <StaticTable<TOperationAlertRow>
            rowKey={(r) => `${r.kind}|${r.list}|${r.doc_id}`}
            columns={columns}
            rows={g.rows}
            pageSize={false}
            aria-label={groupTitle(g)}
          />
        </section>
      ))}
    </div>
  );
}
