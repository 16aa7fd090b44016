import {
  OPERATION_ALERT_COLOURS,
  OPERATION_ALERT_KINDS,
  type TOperationAlertDashboard,
  type TOperationAlertRow,
} from '@portal/contracts';
import { Alert, Button, Empty, Flex, Select, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { Typography } from '../../shared/plain/typography';
import { alertPath } from './alert-paths';
import { type AlertFilterValues, useOperationAlerts } from './operation-alert-api';

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
  const { t: tm } = useTranslation('msg');
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
        <Tag color={r.colour === 'red' ? 'red' : 'gold'} data-testid="alert-colour">
          {t(`colour.${r.colour}`)}
        </Tag>
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
    { key: 'status', title: t('col.status'), dataIndex: 'status' },
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

  return (
    <Flex vertical gap={16}>
      <PageHeading>{t('title')}</PageHeading>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Flex wrap gap={16} align="end" role="search" aria-label={t('filters')}>
        <Flex vertical gap={4}>
          <span aria-hidden>{t('filter.office')}</span>
          <Select
            allowClear
            showSearch
            style={{ width: 140 }}
            value={filter.office}
            onChange={(v) => set({ office: v })}
            options={withSelected(d?.offices, filter.office)}
            aria-label={t('filter.office')}
            data-testid="alert-filter-office"
          />
        </Flex>
        <Flex vertical gap={4}>
          <span aria-hidden>{t('filter.kind')}</span>
          <Select
            allowClear
            style={{ width: 200 }}
            value={filter.kind}
            onChange={(v) => set({ kind: v })}
            options={OPERATION_ALERT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            aria-label={t('filter.kind')}
            data-testid="alert-filter-kind"
          />
        </Flex>
        <Flex vertical gap={4}>
          <span aria-hidden>{t('filter.colour')}</span>
          <Select
            allowClear
            style={{ width: 120 }}
            value={filter.colour}
            onChange={(v) => set({ colour: v })}
            options={OPERATION_ALERT_COLOURS.map((c) => ({ value: c, label: t(`colour.${c}`) }))}
            aria-label={t('filter.colour')}
            data-testid="alert-filter-colour"
          />
        </Flex>
        <Flex vertical gap={4}>
          <span aria-hidden>{t('filter.owner')}</span>
          <Select
            allowClear
            showSearch
            style={{ width: 220 }}
            value={filter.owner}
            onChange={(v) => set({ owner: v, perGroup: undefined })}
            options={withSelected(d?.owners, filter.owner)}
            aria-label={t('filter.owner')}
            data-testid="alert-filter-owner"
          />
        </Flex>
        <Button onClick={() => setParams({}, { replace: true })}>{t('clear')}</Button>
        <Button onClick={() => q.refetch()} loading={q.isFetching}>
          {t('refresh')}
        </Button>
      </Flex>

      {q.error && <Alert type="error" showIcon message={errorText(tm, q.error)} />}
      {d?.capped && <Alert type="warning" showIcon message={t('capped', { cap: d.cap.toLocaleString() })} />}

      {d && (
        <Flex wrap gap={12} data-testid="alert-summary" aria-label={t('summary')} role="group">
          {d.byKind.map((k) => (
            <Button
              key={k.kind}
              onClick={() => set({ kind: filter.kind === k.kind ? undefined : k.kind })}
              aria-pressed={filter.kind === k.kind}
              data-testid={`alert-kind-${k.kind}`}
            >
              <Space size={6}>
                <span>{t(`kind.${k.kind}`)}</span>
                <Tag color="red">{t('countRed', { n: k.red })}</Tag>
                <Tag color="gold">{t('countYellow', { n: k.yellow })}</Tag>
              </Space>
            </Button>
          ))}
        </Flex>
      )}

      {!d && q.isLoading && <Spin />}
      {d && !d.groups.length && <Empty description={t('empty')} data-testid="alert-empty" />}

      {d?.groups.map((g) => (
        <section key={`${g.owner}|${g.office}`} data-testid="alert-group" aria-label={groupTitle(g)}>
          <Flex align="center" gap={12} wrap>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {groupTitle(g)}
            </Typography.Title>
            <Tag color="red">{t('countRed', { n: g.red })}</Tag>
            <Tag color="gold">{t('countYellow', { n: g.yellow })}</Tag>
            {more(g) && (
              <Button
                type="link"
                onClick={() =>
                  set({ owner: g.owner ?? undefined, office: g.office ?? undefined, perGroup: '200' })
                }
              >
                {t('showAll', { n: g.red + g.yellow })}
              </Button>
            )}
          </Flex>
          <StaticTable<TOperationAlertRow>
            rowKey={(r) => `${r.kind}|${r.list}|${r.doc_id}`}
            columns={columns}
            rows={g.rows}
            pageSize={false}
            aria-label={groupTitle(g)}
          />
        </section>
      ))}
    </Flex>
  );
}
