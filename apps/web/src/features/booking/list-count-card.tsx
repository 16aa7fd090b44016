import { BOOKING_AGEING, type TAgeingRule } from '@portal/contracts';
import { Badge, Card, Flex, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTotal } from '../../shared/list/format-total';
import './booking-list.css';

export interface ListCountEntry {
  count: number;
  countCapped: boolean;
  yellow: number;
  red: number;
}

/**
 * One card of a shipping-order dashboard (booking and booking approval): the list's name and count, and for a
 * list with an ageing rule how many rows are yellow and red. Opens the list on click, Enter or Space.
 */
export function ListCountCard({
  testIdPrefix,
  listKey,
  title,
  selected,
  entry,
  ageing,
  onOpen,
}: {
  testIdPrefix: string;
  listKey: string;
  title: string;
  selected: boolean;
  entry: ListCountEntry | undefined;
  ageing: TAgeingRule | null;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('booking');
  return (
    <Card
      size="small"
      hoverable
      role="listitem"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      style={{ width: 200, borderColor: selected ? '#1677ff' : undefined }}
      data-testid={`${testIdPrefix}-list-${listKey}`}
      aria-current={selected ? 'page' : undefined}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={6}>
          <Typography.Text style={{ fontSize: 12 }}>{title}</Typography.Text>
          <Badge
            count={entry ? formatTotal(entry.count, entry.countCapped, i18n.language) : '…'}
            color={selected ? '#1677ff' : '#8c8c8c'}
            overflowCount={Number.MAX_SAFE_INTEGER}
            showZero
            data-testid={`${testIdPrefix}-count-${listKey}`}
          />
        </Flex>
        {ageing && (
          <Space size={8} style={{ fontSize: 12 }}>
            {BOOKING_AGEING[ageing].yellow !== null && (
              <Tooltip title={t('ageing.yellowCount')}>
                <span data-testid={`${testIdPrefix}-yellow-${listKey}`}>
                  <span className="booking-ageing-swatch yellow" />
                  {entry?.yellow ?? '…'}
                </span>
              </Tooltip>
            )}
            <Tooltip title={t('ageing.redCount')}>
              <span data-testid={`${testIdPrefix}-red-${listKey}`}>
                <span className="booking-ageing-swatch red" />
                {entry?.red ?? '…'}
              </span>
            </Tooltip>
          </Space>
        )}
      </Flex>
    </Card>
  );
}
