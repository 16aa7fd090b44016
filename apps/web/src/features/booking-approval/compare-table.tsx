import { money, type TCompareRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainTag } from '../../shared/plain/plain-tag';
import { fmtDate } from './format';
import { Cutoffs, RateContainers, RateTotal } from './rate-cells';
import './booking-approval.css';
import { MsgText } from '../../shared/i18n/msg-text';

const byText = (a: string, b: string) => a.localeCompare(b);
/** Unpriced rows sort after priced ones whatever the order; totals compare as decimals (money.ts). */
const byTotal = (a: TCompareRow, b: TCompareRow) =>
  a.total_rate === null || b.total_rate === null
    ? Number(a.total_rate === null) - Number(b.total_rate === null)
    : money.compare(a.total_rate, b.total_rate);

export interface CompareTableProps {
  soNo: string;
  rows: TCompareRow[];
  /** Sailing ids chosen to propose; no selection column when undefined. */
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  /** Remarks per chosen sailing (the propose dialog); no remarks column when undefined. */
  remarks?: Record<number, string>;
  onRemarks?: (id: number, text: string) => void;
  /** The most sailings that may be chosen. */
  max?: number;
}

/**
 * Candidate sailings of one booking side by side (001 §2 Rate and sailing comparison): carrier, vessel,
 * earliest and estimated ship dates, transit, cut-offs, the rate per container and the total; the cheapest
 * and fastest rows are tagged and tinted. Sortable by every figure a user compares on.
 */
export function CompareTable({
  soNo,
  rows,
  selected,
  onSelect,
  remarks,
  onRemarks,
  max = 10,
}: CompareTableProps) {
  const { t } = useTranslation('booking-approval');
  const columns: StaticTableColumn<TCompareRow>[] = [
    {
      key: 'carrier_code',
      title: t('col.carrier'),
      dataIndex: 'carrier_code',
      width: 90,
      sorter: (a, b) => byText(a.carrier_code, b.carrier_code),
    },
    {
      key: 'vessel',
      title: t('col.vessel'),
      width: 200,
      render: (_, r) => `${r.vessel_name} / ${r.voyage}`,
    },
    {
      key: 'earliest_ship_date',
      title: t('col.earliest_ship_date'),
      width: 120,
      render: (_, r) => fmtDate(r.earliest_ship_date),
    },
    {
      key: 'est_ship_date',
      title: t('col.est_ship_date'),
      width: 130,
      sorter: (a, b) => byText(a.est_ship_date, b.est_ship_date),
      render: (_, r) => (
        <span className="approval-tags">
          {fmtDate(r.est_ship_date)}
          {r.is_tbc && <PlainTag colour="gold">{t('tbc')}</PlainTag>}
        </span>
      ),
    },
    {
      key: 'eta',
      title: t('col.eta'),
      width: 110,
      sorter: (a, b) => byText(a.eta, b.eta),
      render: (_, r) => fmtDate(r.eta),
    },
    {
      key: 'transit_days',
      title: t('col.transit'),
      width: 100,
      sorter: (a, b) => a.transit_days - b.transit_days,
      render: (_, r) => t('days', { n: r.transit_days }),
    },
    { key: 'cutoffs', title: t('col.cutoffs'), width: 190, render: (_, r) => <Cutoffs row={r} /> },
    {
      key: 'rate_containers',
      title: t('col.rate_containers'),
      width: 240,
      render: (_, r) => <RateContainers lines={r.rate_containers} currency={r.currency} />,
    },
    {
      key: 'total_rate',
      title: t('col.total_rate'),
      width: 130,
      sorter: byTotal,
      render: (_, r) => <RateTotal total={r.total_rate} currency={r.currency} />,
    },
    {
      key: 'tags',
      title: t('col.marks'),
      width: 150,
      render: (_, r) => (
        <span className="approval-tags">
          {r.cheapest && (
            <PlainTag colour="green" data-testid={`compare-cheapest-${r.sailing_id}`}>
              {t('cheapest')}
            </PlainTag>
          )}
          {r.fastest && (
            <PlainTag colour="blue" data-testid={`compare-fastest-${r.sailing_id}`}>
              {t('fastest')}
            </PlainTag>
          )}
          {r.proposed && <PlainTag colour="purple">{t('proposed')}</PlainTag>}
        </span>
      ),
    },
  ];
  if (remarks && onRemarks) {
    columns.push({
      key: 'remarks',
      title: t('col.remarks'),
      width: 200,
      render: (_, r) =>
        selected?.includes(r.sailing_id) ? (
          <input
            className="plain-input approval-remarks"
            maxLength={500}
            value={remarks[r.sailing_id] ?? ''}
            onChange={(e) => onRemarks(r.sailing_id, e.target.value)}
            aria-label={t('col.remarks')}
            data-testid={`compare-remarks-${r.sailing_id}`}
          />
        ) : null,
    });
  }
  return (
    <StaticTable<TCompareRow>
      rowKey="sailing_id"
      columns={columns}
      rows={rows}
      pageSize={false}
      defaultSort={{ key: 'est_ship_date', order: 'asc' }}
      rowClassName={(r) =>
        [r.cheapest && 'approval-row-cheapest', r.fastest && 'approval-row-fastest'].filter(Boolean).join(' ')
      }
      rowTestId={(r) => `compare-row-${soNo}-${r.carrier_code}-${r.voyage}`}
      rowSelection={
        selected && onSelect
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys.map(Number).slice(0, max)),
              isDisabled: () => selected.length >= max,
              label: (r) => `${r.carrier_code} ${r.vessel_name} ${r.voyage}`,
            }
          : undefined
      }
      empty={
        <p>
          <MsgText msgKey="msgNoRateFound" />
        </p>
      }
      data-testid={`compare-table-${soNo}`}
    />
  );
}
