import {
  OPERATION_ALERT_COLOURS,
  OPERATION_ALERT_KINDS,
  type TOperationAlertDashboard,
  type TOperationAlertKind,
  type TOperationAlertRow,
} from '@portal/contracts';
import dayjs from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useStatusWord } from '../../shared/i18n/code-words';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainButton, PlainLinkButton } from '../../shared/plain/plain-button';
import { PlainCollapse } from '../../shared/plain/plain-collapse';
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

const sectionId = (kind: string) => `op-alert-kind-${kind}`;

interface KindSection {
  kind: TOperationAlertKind;
  red: number;
  yellow: number;
  groups: { g: Group; rows: TOperationAlertRow[] }[];
}

/** The dashboard's groups regrouped by kind (the summary's order), each with the kind's rows of each group. */
export function kindSections(d: TOperationAlertDashboard | undefined): KindSection[] {
  if (!d) return [];
  return d.byKind
    .filter((k) => k.red + k.yellow > 0)
    .map((k) => ({
      kind: k.kind,
      red: k.red,
      yellow: k.yellow,
      groups: d.groups
        .map((g) => ({ g, rows: g.rows.filter((r) => r.kind === k.kind) }))
        .filter((x) => x.rows.length > 0),
    }));
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
  // One folding section per kind of document, the summary's links open and scroll to them (issue 39: the
  // dashboard was 5,630 px of tables). Inside a section, the owner × office groups with that kind's rows.
  const sections = useMemo(() => kindSections(d), [d]);
  const [open, setOpen] = useState<ReadonlySet<string> | null>(null);
  // At first only the kind filtered on, else the first kind with alerts, is open.
  const openKeys: ReadonlySet<string> =
    open ?? new Set(filter.kind ? [filter.kind] : sections.slice(0, 1).map((sec) => sec.kind));
  const openSection = (kind: string) => {
    setOpen(new Set([...openKeys, kind]));
    requestAnimationFrame(() => {
      const el = document.getElementById(sectionId(kind));
      el?.scrollIntoView({ block: 'start' });
      el?.querySelector<HTMLButtonElement>('.plain-collapse-header')?.focus({ preventScroll: true });
    });
  };
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
      {d && (
        <nav className="op-alert-summary" data-testid="alert-summary" aria-label={t('summary')}>
          <ul>
            {d.byKind.map((k) => (
              <li key={k.kind}>
                {k.red + k.yellow > 0 ? (
                  <a
                    href={`#${sectionId(k.kind)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      openSection(k.kind);
                    }}
                    data-testid={`alert-kind-${k.kind}`}
                  >
                    {t(`kind.${k.kind}`)}
                  </a>
                ) : (
                  <span data-testid={`alert-kind-${k.kind}`}>{t(`kind.${k.kind}`)}</span>
                )}
                <PlainTag colour="red">{t('countRed', { n: k.red })}</PlainTag>
                <PlainTag colour="gold">{t('countYellow', { n: k.yellow })}</PlainTag>
              </li>
            ))}
          </ul>
        </nav>
      )}

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

      {d && sections.length > 0 && (
        <PlainCollapse
          data-testid="alert-sections"
          open={openKeys}
          onOpenChange={(next) => setOpen(new Set([...next].map(String)))}
          items={sections.map((sec) => ({
            key: sec.kind,
            id: sectionId(sec.kind),
            label: <span data-testid={`alert-section-${sec.kind}`}>{t(`kind.${sec.kind}`)}</span>,
            extra: (
              <>
                <PlainTag colour="red">{t('countRed', { n: sec.red })}</PlainTag>
                <PlainTag colour="gold">{t('countYellow', { n: sec.yellow })}</PlainTag>
              </>
            ),
            children: (
              <div className="op-alert-section">
                {sec.groups.length === 0 && (
                  <p className="op-alert-none-shown">
                    {t('noneShown')}{' '}
                    <PlainLinkButton onClick={() => set({ kind: sec.kind })}>{t('showKind')}</PlainLinkButton>
                  </p>
                )}
                {sec.groups.map(({ g, rows }) => (
                  <section
                    key={`${g.owner}|${g.office}`}
                    data-testid="alert-group"
                    aria-label={`${t(`kind.${sec.kind}`)}: ${groupTitle(g)}`}
                  >
                    <div className="op-alert-group-head">
                      <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
                        {groupTitle(g)}
                      </Typography.Title>
                      <PlainTag colour="red">
                        {t('countRed', { n: rows.filter((r) => r.colour === 'red').length })}
                      </PlainTag>
                      <PlainTag colour="gold">
                        {t('countYellow', { n: rows.filter((r) => r.colour === 'yellow').length })}
                      </PlainTag>
                      {more(g) && (
                        <PlainLinkButton
                          onClick={() =>
                            set({
                              kind: sec.kind,
                              owner: g.owner ?? undefined,
                              office: g.office ?? undefined,
                              perGroup: '200',
                            })
                          }
                        >
                          {t('showAllOfGroup')}
                        </PlainLinkButton>
                      )}
                    </div>
                    <StaticTable<TOperationAlertRow>
                      rowKey={(r) => `${r.kind}|${r.list}|${r.doc_id}`}
                      columns={columns}
                      rows={rows}
                      pageSize={false}
                      aria-label={`${t(`kind.${sec.kind}`)}: ${groupTitle(g)}`}
                    />
                  </section>
                ))}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
