import { CONSOL_SIZE_TYPES, type TConsolPickCargo, type TContainerCapacity } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainNumberInput } from '../../shared/plain/plain-number-input';
import { PlainSelect } from '../../shared/plain/plain-select';
import { Typography } from '../../shared/plain/typography';
import '../../shared/plain/plain-form-controls.css';

export interface PickEquipment {
  size_type: string;
  qty: number;
}

/** Thousandths, so sums of decimal strings add up exactly (cargo figures have 3 decimals). */
const milli = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 1000);
const show = (m: number, lang: string, digits = 3) =>
  (m / 1000).toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (used: number, cap: number) => (cap > 0 ? Math.round((used / cap) * 1000) / 10 : 0);

/** What the picked SOs add up to and what share of the chosen containers' capacity they take. */
export function pickTotals(
  picked: readonly TConsolPickCargo[],
  equipment: PickEquipment,
  capacity: TContainerCapacity | undefined,
) {
  const pk = picked.reduce((s, c) => s + c.package_qty, 0);
  const cbm = picked.reduce((s, c) => s + milli(c.cbm), 0);
  const kg = picked.reduce((s, c) => s + milli(c.kg), 0);
  const capCbm = capacity ? milli(capacity.capacity_cbm) * equipment.qty : 0;
  const capKg = capacity ? milli(capacity.max_payload_kg) * equipment.qty : 0;
  const pcbm = pct(cbm, capCbm);
  const pkg = pct(kg, capKg);
  return { pk, cbm, kg, capCbm, capKg, pcbm, pkg, over: pcbm > 100 || pkg > 100 };
}

/**
 * The pick list's running total (issue 39): the packages, CBM and weight of the ticked SOs against the capacity
 * of the containers the planner means to use (size and number; they go on to the new plan).
 */
export function PickTotal({
  picked,
  count,
  equipment,
  onEquipment,
  capacities,
}: {
  picked: readonly TConsolPickCargo[];
  count: number;
  equipment: PickEquipment;
  onEquipment: (e: PickEquipment) => void;
  capacities: readonly TContainerCapacity[];
}) {
  const { t, i18n } = useTranslation('consolidation');
  const lang = i18n.language;
  const cap = capacities.find((c) => c.size_type === equipment.size_type);
  const s = pickTotals(picked, equipment, cap);
  return (
    <Flex
      wrap
      gap={12}
      align="center"
      className="consol-pick-total"
      data-testid="consol-pick-total"
      data-over={s.over ? 'true' : 'false'}
      role="status"
    >
      <Typography.Text strong>{t('pickTotal.equipment')}</Typography.Text>
      <PlainSelect
        className="plain-form-select"
        style={{ width: 110 }}
        value={equipment.size_type}
        onChange={(v) => v && onEquipment({ ...equipment, size_type: String(v) })}
        options={CONSOL_SIZE_TYPES.map((v) => ({ value: v, label: v }))}
        aria-label={t('pickTotal.size')}
        data-testid="consol-pick-size"
      />
      <PlainNumberInput
        precision={0}
        min={1}
        max={50}
        style={{ width: 80 }}
        value={equipment.qty}
        onChange={(v) => onEquipment({ ...equipment, qty: Math.max(1, Math.min(50, Number(v) || 1)) })}
        aria-label={t('pickTotal.qty')}
        data-testid="consol-pick-qty"
      />
      {count === 0 ? (
        <Typography.Text type="secondary">{t('pickTotal.none')}</Typography.Text>
      ) : (
        <>
          <Typography.Text data-testid="consol-pick-selected">
            {t('pickTotal.selected', { n: count, pk: s.pk, cbm: show(s.cbm, lang), kg: show(s.kg, lang) })}
          </Typography.Text>
          {cap && (
            <Typography.Text type="secondary" data-testid="consol-pick-capacity">
              {t('pickTotal.capacity', {
                qty: equipment.qty,
                size: equipment.size_type,
                cbm: show(s.capCbm, lang, 1),
                kg: show(s.capKg, lang, 0),
              })}
            </Typography.Text>
          )}
          {cap && (
            <Typography.Text
              type={s.over ? 'danger' : 'success'}
              strong
              data-testid="consol-pick-share"
              data-percent-cbm={s.pcbm}
            >
              {t(s.over ? 'pickTotal.over' : 'pickTotal.fits', { pcbm: s.pcbm, pkg: s.pkg })}
            </Typography.Text>
          )}
        </>
      )}
    </Flex>
  );
}
