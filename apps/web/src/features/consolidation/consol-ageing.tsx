import { CONSOL_AGEING, CONSOL_LISTS, consolAgeingColour, type TConsolListKey } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowAgeClass } from '../../shared/list/ageing';

/** The row class of a list row by its ageing colour (shared/list/ageing). */
export const consolRowClass = (list: TConsolListKey, since: string | null, now = new Date()) =>
  rowAgeClass('consol', consolAgeingColour(CONSOL_LISTS[list].ageing, since, now));

/** The thresholds of a rule as text: "8 h", "1 d", "< 7 d before ETD". */
export function useAgeingSpans() {
  const { t } = useTranslation('consolidation');
  return (list: TConsolListKey): { yellow: string | null; red: string } | null => {
    const rule = CONSOL_LISTS[list].ageing;
    if (!rule) return null;
    if (rule === 'loadPlan') {
      const r = CONSOL_AGEING.loadPlan;
      return {
        yellow: t('ageing.beforeEtd', { n: r.yellowDaysBefore }),
        red: t('ageing.beforeEtd', { n: r.redDaysBefore }),
      };
    }
    const th = CONSOL_AGEING[rule];
    const span = (h: number) =>
      h % 24 === 0 ? t('ageing.days', { n: h / 24 }) : t('ageing.hours', { n: h });
    return {
      yellow: th.yellow === null ? null : t('ageing.after', { span: span(th.yellow) }),
      red: t('ageing.after', { span: span(th.red) }),
    };
  };
}

/** What the row colours of a list mean (a legend on each list with an ageing rule). */
export function ConsolAgeingLegend({ list }: { list: TConsolListKey }) {
  const { t } = useTranslation('consolidation');
  const spans = useAgeingSpans()(list);
  const rule = CONSOL_LISTS[list].ageing;
  if (!spans || !rule) return null;
  return (
    <Flex wrap gap={16} align="center" data-testid="consol-ageing-legend">
      <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>{t(`ageing.rule.${rule}`)}</span>
      {spans.yellow && (
        <span data-testid="consol-legend-yellow">
          <span className="ageing-swatch yellow" />
          {t('ageing.yellow', { span: spans.yellow })}
        </span>
      )}
      <span data-testid="consol-legend-red">
        <span className="ageing-swatch red" />
        {t('ageing.red', { span: spans.red })}
      </span>
    </Flex>
  );
}
