import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../../shared/plain/typography';
import './consolidation.css';

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
          <span className="consol-fill">
            <span
              className={p > 100 ? 'consol-fill-track consol-fill-track--over' : 'consol-fill-track'}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(p, 100)}
              aria-label={t('fill.aria', { what: label, p })}
            >
              <span className="consol-fill-bar" style={{ width: `${Math.min(p, 100)}%` }} />
            </span>
            <span className="consol-fill-text">{`${p}%`}</span>
          </span>
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
