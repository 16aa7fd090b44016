import { PlusOutlined } from '@ant-design/icons';
import type { TCarrierContract } from '@portal/contracts';
import { Alert, Flex, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable } from '../../shared/list/static-table';
import { PlainSearch } from '../../shared/plain/plain-search';
import { useCarrierContracts } from './carrier-contract-api';

const CarrierContractDialog = lazy(() => import('./carrier-contract-dialog'));

/**
 * /BMS/carrier_contract_maintenance: carrier service contracts with their minimum quantity commitment (MQC, TEU),
 * period and trade lanes, which the CarrierMQC page sets the shipped TEU against (docs/analytics.md). A list with
 * search; add and edit in a dialog; the server's translated 400s land on their fields.
 */
export default function CarrierContractPage() {
  const { t } = useTranslation('carrier-contract');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useCarrierContracts({ q, page, pageSize: 20 });
  const [editing, setEditing] = useState<TCarrierContract | 'new' | null>(null);
  const open = (c: TCarrierContract | 'new') => setEditing(c);

  return (
    <Flex vertical gap={12}>
      <PageHeading>{t('title')}</PageHeading>
      <Flex gap={8} wrap justify="space-between">
        <PlainSearch
          label={t('search')}
          maxWidth={320}
          onSearch={(v) => {
            setQ(v);
            setPage(1);
          }}
          data-testid="contract-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="contract-new">
          {t('new')}
        </Button>
      </Flex>
      {list.error && <Alert type="error" showIcon title={errorText(t, list.error)} />}
      <div data-testid="contract-table">
        <StaticTable<TCarrierContract>
          rowKey="contract_id"
          loading={list.isLoading}
          rows={list.data?.rows ?? []}
          paging={{ page, pageSize: 20, total: list.data?.total ?? 0, onChange: (p) => setPage(p) }}
          // A click on the row opens it (the contract no. is the button for the keyboard).
          onRowClick={open}
          columns={[
            {
              key: 'carrier',
              title: t('field.carrier_code'),
              render: (_, c) => `${c.carrier_code}${c.carrier_name ? ` ${c.carrier_name}` : ''}`,
            },
            {
              key: 'no',
              title: t('field.contract_no'),
              render: (_, c) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => open(c)}
                  data-testid={`contract-open-${c.contract_no}`}
                >
                  {c.contract_no}
                </Button>
              ),
            },
            { key: 'from', title: t('field.valid_from'), dataIndex: 'valid_from' },
            { key: 'to', title: t('field.valid_to'), dataIndex: 'valid_to' },
            { key: 'mqc', title: t('field.mqc_teu'), dataIndex: 'mqc_teu', align: 'right' },
            {
              key: 'lanes',
              title: t('field.lanes'),
              render: (_, c) => (c.lanes.length ? c.lanes.map((l) => <Tag key={l}>{l}</Tag>) : t('allLanes')),
            },
            {
              key: 'status',
              title: t('field.status'),
              render: (_, c) => (
                <Tag color={c.status === 'A' ? 'green' : 'default'}>
                  {t(`status.${c.status === 'A' ? 'A' : 'I'}`)}
                </Tag>
              ),
            },
          ]}
        />
      </div>
      {editing !== null && (
        <Suspense fallback={null}>
          <CarrierContractDialog c={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Flex>
  );
}
