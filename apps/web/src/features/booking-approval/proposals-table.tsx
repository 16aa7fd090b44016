import type { TProposal } from '@portal/contracts';
import { Radio, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { fmtDate } from './format';
import { Cutoffs, RateContainers, RateTotal } from './rate-cells';

/**
 * The sailings operations proposed (as offered: copied at proposal time) with their rates. With `onChoose`
 * the customer picks the one to approve with a radio (keyboard: arrows move within the group).
 */
export function ProposalsTable({
  proposals,
  chosen,
  onChoose,
}: {
  proposals: TProposal[];
  chosen?: number | null;
  onChoose?: (proposalId: number) => void;
}) {
  const { t } = useTranslation('booking-approval');
  const columns: StaticTableColumn<TProposal>[] = [
    { key: 'seq', title: '#', dataIndex: 'seq', width: 40 },
    { key: 'carrier_code', title: t('col.carrier'), dataIndex: 'carrier_code', width: 80 },
    {
      key: 'vessel',
      title: t('col.vessel'),
      width: 190,
      render: (_, p) => `${p.vessel_name} / ${p.voyage}`,
    },
    {
      key: 'etd',
      title: t('col.etd_eta'),
      width: 130,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <span>
            {fmtDate(p.etd)} {p.is_tbc && <Tag color="gold">{t('tbc')}</Tag>}
          </span>
          <span>{fmtDate(p.eta)}</span>
        </Space>
      ),
    },
    {
      key: 'transit',
      title: t('col.transit'),
      width: 80,
      render: (_, p) => t('days', { n: p.transit_days }),
    },
    { key: 'cutoffs', title: t('col.cutoffs'), width: 180, render: (_, p) => <Cutoffs row={p} /> },
    {
      key: 'rate',
      title: t('col.rate_containers'),
      width: 230,
      render: (_, p) => <RateContainers lines={p.rate_containers} currency={p.currency} />,
    },
    {
      key: 'total',
      title: t('col.total_rate'),
      width: 120,
      render: (_, p) => <RateTotal total={p.total_rate} currency={p.currency} />,
    },
    { key: 'remarks', title: t('col.remarks'), dataIndex: 'remarks', width: 160 },
    {
      key: 'selected',
      title: t('col.selected'),
      width: 100,
      render: (_, p) =>
        p.is_selected ? (
          <Tag color="green" data-testid={`approval-selected-${p.seq}`}>
            {t('selected')}
          </Tag>
        ) : null,
    },
  ];
  if (onChoose) {
    columns.unshift({
      key: 'choose',
      title: t('col.choose'),
      width: 70,
      render: (_, p) => (
        <Radio
          checked={chosen === p.proposal_id}
          onChange={() => onChoose(p.proposal_id)}
          aria-label={t('chooseSailing', { seq: p.seq, vessel: p.vessel_name, voyage: p.voyage })}
          data-testid={`approval-choose-${p.seq}`}
        />
      ),
    });
  }
  return (
    <StaticTable<TProposal>
      rowKey="proposal_id"
      columns={columns}
      rows={proposals}
      pageSize={false}
      rowTestId={(p) => `approval-proposal-${p.seq}`}
      onRowClick={onChoose ? (p) => onChoose(p.proposal_id) : undefined}
      empty={<p>{t('noProposals')}</p>}
      data-testid="approval-proposals"
    />
  );
}
