import type { TAnalyticsDocuments, TAnalyticsDrill, TAnalyticsPageName } from '@portal/contracts';
import { Alert, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../shared/auth';
import { useStatusWord } from '../../shared/i18n/code-words';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { Typography } from '../../shared/plain/typography';
import { useAnalyticsDocuments } from './analytics-api';
import { documentPath } from './analytics-doc-links';
import { withUnit } from './analytics-figures';
import type { AnalyticsFilterValues } from './analytics-filters';
import { DOCUMENTS_CAP, formatDocumentsTotal, formatValue, unitKey } from './analytics-format';
import { useAnalyticsT } from './analytics-i18n';

export interface OpenDrill {
  drill: TAnalyticsDrill;
  what: string;
}

type DocRow = TAnalyticsDocuments['rows'][number];

/**
 * "Documents behind the figure": the documents one figure counts, paged, each opening on its usual screen.
 * antd's Drawer is a dialog: it takes the focus, Escape closes it and the focus returns to the figure.
 */
export function DocumentsDrawer({
  page,
  filters,
  open,
  onClose,
}: {
  page: TAnalyticsPageName;
  filters: AnalyticsFilterValues;
  open: OpenDrill | null;
  onClose: () => void;
}) {
  const { t } = useAnalyticsT();
  return (
    <Drawer
      open={!!open}
      onClose={onClose}
      size="large"
      title={t('drill.title')}
      destroyOnHidden
      data-testid="analytics-drawer"
    >
      {open && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary" data-testid="analytics-drawer-what">
            {open.what || t('drill.everything')}
          </Typography.Text>
          <DocumentsTable page={page} filters={filters} drill={open.drill} />
        </Flex>
      )}
    </Drawer>
  );
}

function DocumentsTable({
  page,
  filters,
  drill,
}: {
  page: TAnalyticsPageName;
  filters: AnalyticsFilterValues;
  drill: TAnalyticsDrill;
}) {
  const { t, label, lang } = useAnalyticsT();
  const session = useSession();
  const statusWord = useStatusWord();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const q = useAnalyticsDocuments(page, filters, drill, pageNo, pageSize);
  const d = q.data;
  const kind = d?.valueKind ?? null;
  const unit = kind ? unitKey(kind) : null;
  const valueTitle = d?.valueLabelKey ? label(d.valueLabelKey) : t('drill.value');
  const columns: StaticTableColumn<DocRow>[] = [
    {
      key: 'number',
      title: t('drill.number'),
      render: (_, r) => {
        const to = documentPath(r.kind, r.key, session.hasFunc);
        return to ? (
          <Link to={to} data-testid="analytics-doc-link">
            {r.number}
          </Link>
        ) : (
          r.number
        );
      },
    },
    { key: 'kind', title: t('drill.kind'), render: (_, r) => t(`docKind.${r.kind}`) },
    {
      key: 'status',
      title: t('drill.status'),
      render: (_, r) => (r.status ? statusWord(r.kind, r.status) : '—'),
    },
    { key: 'date', title: t('drill.date'), nowrap: true, render: (_, r) => r.date ?? '—' },
    { key: 'party', title: t('drill.party'), render: (_, r) => r.party ?? '—' },
    { key: 'office', title: t('drill.office'), render: (_, r) => r.office ?? '—' },
  ];
  if (kind)
    columns.push({
      key: 'value',
      title: withUnit(valueTitle, unit && t(unit)),
      align: 'right',
      nowrap: true,
      render: (_, r) => formatValue(kind, r.value, lang),
    });
  if (q.error) return <Alert type="error" showIcon message={errorText(t, q.error)} />;
  return (
    <Flex vertical gap={4}>
      {d && (
        <span data-testid="analytics-documents-total">
          {t('drill.total', { total: formatDocumentsTotal(d.total, lang) })}
        </span>
      )}
      <StaticTable<DocRow>
        rowKey={(r) => `${r.kind}:${r.key}`}
        loading={q.isFetching}
        rows={d?.rows ?? []}
        columns={columns}
        data-testid="analytics-documents"
        paging={{
          page: pageNo,
          pageSize,
          // Past the cap the server stops counting: the pager offers the first 10,000.
          total: Math.min(d?.total ?? 0, DOCUMENTS_CAP),
          onChange: (p, s) => {
            setPageNo(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
        pageSizeChoice
        // The total says "10,000+" past the cap, which the pager's count cannot.
        showTotal={false}
      />
    </Flex>
  );
}
