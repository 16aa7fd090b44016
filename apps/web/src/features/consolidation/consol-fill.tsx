import { Flex, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../../shared/plain/typography';

const pct = (used: number, cap: number | null) => (cap ? Math.round((used / cap) * 1000) / 10 : 0);

/**
 * A container's fill: CBM and KG used against its capacity (ISO 6346 reference table) as bars with %; a bar
 * beyond 100 % turns red (the server refuses the save with msgConsolOverCapacity).
 */
export function ContainerFill({
  seq,
  cbm,
  kg,
  capacityCbm,
  maxKg,
}: {
  seq: number;
  cbm: number;
  kg: number;
  capacityCbm: number | null;
  maxKg: number | null;
}) {
  const { t } = useTranslation('consolidation');
  const bar = (label: string, used: number, cap: number | null, unit: string, id: string) => {
    const p = pct(used, cap);
    return (
      <Flex align="center" gap={8} style={{ minWidth: 320 }}>
        <Typography.Text style={{ width: 40 }}>{label}</Typography.Text>
        <span data-testid={`consol-fill-${id}-${seq}`} data-percent={p} style={{ width: 180 }}>
          <Progress
            percent={Math.min(p, 100)}
            status={p > 100 ? 'exception' : 'normal'}
            format={() => `${p}%`}
            style={{ margin: 0 }}
            aria-label={t('fill.aria', { what: label, p })}
          />
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`${used.toFixed(3)} / ${cap ?? '—'} ${unit}`}
        </Typography.Text>
      </Flex>
    );
  };
  return (
    <Flex wrap gap={16} style={{ marginBottom: 8 }}>
      {bar(t('fill.cbm'), cbm, capacityCbm, 'CBM', 'cbm')}
      {bar(t('fill.kg'), kg, maxKg, 'KG', 'kg')}
    </Flex>
  );
}
