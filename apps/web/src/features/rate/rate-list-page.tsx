import { PlusOutlined } from '@ant-design/icons';
import { DATE_FORMAT, DATETIME_FORMAT, RATE_SERVICES, RATE_STATUSES, type TRate } from '@portal/contracts';
import { Button, DatePicker, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../shared/list/data-table';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { SearchSelect } from '../../shared/search-select/search-select';
import { type RateFilter, useRateList } from './rate-api';
import { ratePath } from './rate-paths';

/** The rate list's columns. */
function useRateColumns(): DataTableColumn<TRate>[] {
  const { t, i18n } = useTranslation('rate');
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'source_key',
        title: t('field.source_key'),
        sortable: true,
        alwaysVisible: true,
        width: 220,
        render: (_, r) => (
          <Link to={ratePath(r.source_key)} data-testid={`rate-link-${r.source_key}`}>
            {r.source_key}
          </Link>
        ),
      },
      { key: 'carrier_code', title: t('field.carrier_code'), sortable: true, width: 100 },
      { key: 'pol', title: t('field.pol'), sortable: true, width: 90 },
      { key: 'pod', title: t('field.pod'), sortable: true, width: 90 },
      { key: 'service', title: t('field.service'), sortable: true, width: 80 },
      { key: 'currency', title: t('field.currency'), width: 80 },
      {
        key: 'rate_containers',
        title: t('field.rate_containers'),
        width: 260,
        render: (_, r) => r.rate_containers.map((c) => `${c.container_type} ${c.amount}`).join('; '),
      },
      { key: 'valid_from', title: t('field.valid_from'), sortable: true, width: 110 },
      { key: 'valid_to', title: t('field.valid_to'), sortable: true, width: 110 },
      { key: 'transit_days', title: t('field.transit_days'), width: 90 },
      {
        key: 'status',
        title: t('field.status'),
        sortable: true,
        width: 90,
        render: (_, r) => <Tag color={r.status === 'A' ? 'green' : 'default'}>{t(`status.${r.status}`)}</Tag>,
      },
      {
        key: 'updated_at',
        title: t('field.updated_at'),
        sortable: true,
        width: 160,
        render: (_, r) => dayjs(r.updated_at).format(DATETIME_FORMAT),
      },
    ],
    [i18n.language, t],
  );
}

/** /BMS/rate_maintenance: filter by carrier, lane, service and validity day; export; open or create. */
export default function RateListPage() {
  const { t } = useTranslation('rate');
  const navigate = useNavigate();
  const list = useRateList();
  const columns = useRateColumns();
  const f = list.state.filters;
  const setFilter = (patch: Partial<Record<RateFilter, string | undefined>>) =>
    list.setState({ filters: patch });

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[
          {
            name: 'service',
            label: t('field.service'),
            options: RATE_SERVICES.map((v) => ({ value: v, label: v })),
          },
          {
            name: 'status',
            label: t('field.status'),
            options: RATE_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
            width: 130,
          },
        ]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(ratePath('new'))}
            data-testid="rate-new"
          >
            {t('newRate')}
          </Button>
        }
      />
      <Flex gap={8} wrap align="center">
        <SearchSelect
          fetchOptionKey="carrier"
          value={f.carrier_code ?? null}
          onChange={(v) => setFilter({ carrier_code: typeof v === 'string' ? v : undefined })}
          placeholder={t('field.carrier_code')}
          aria-label={t('field.carrier_code')}
          style={{ width: 200 }}
          data-testid="rate-filter-carrier"
        />
        <SearchSelect
          fetchOptionKey="port"
          value={f.pol ?? null}
          onChange={(v) => setFilter({ pol: typeof v === 'string' ? v : undefined })}
          placeholder={t('field.pol')}
          aria-label={t('field.pol')}
          style={{ width: 200 }}
          data-testid="rate-filter-pol"
        />
        <SearchSelect
          fetchOptionKey="port"
          value={f.pod ?? null}
          onChange={(v) => setFilter({ pod: typeof v === 'string' ? v : undefined })}
          placeholder={t('field.pod')}
          aria-label={t('field.pod')}
          style={{ width: 200 }}
          data-testid="rate-filter-pod"
        />
        <DatePicker
          value={f.valid_on ? dayjs(f.valid_on) : null}
          onChange={(v) => setFilter({ valid_on: v ? v.format(DATE_FORMAT) : undefined })}
          placeholder={t('validOn')}
          aria-label={t('validOn')}
          data-testid="rate-filter-valid-on"
        />
      </Flex>
      <DataTable<TRate, RateFilter>
        tableId="rate.list"
        columns={columns}
        list={list}
        rowKey="rate_id"
        onRowOpen={(r) => navigate(ratePath(r.source_key))}
        toolbar={<ExportButton path="/Rate/export" query={list.exportQuery} />}
        data-testid="rate-table"
      />
    </Flex>
  );
}
