import type { TSailingSchedule } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { useSailingLabels } from './sailing-schedule-labels';
import { sailingPath } from './sailing-schedule-paths';

const minute = (v: string | null) => (v ? v.replace('T', ' ') : '');

/** The sailing list's columns (001 §3 Sailing schedule plus last update). */
export function useSailingColumns(): DataTableColumn<TSailingSchedule>[] {
  const { t, i18n } = useTranslation('sailing-schedule');
  const labels = useSailingLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'vessel_name',
        title: t('field.vessel_name'),
        sortable: true,
        alwaysVisible: true,
        width: 200,
        render: (_, s) => (
          <Link to={sailingPath(s.sailing_schedule_id)} data-testid={`sailing-link-${s.voyage}`}>
            {s.vessel_name}
          </Link>
        ),
      },
      { key: 'voyage', title: t('field.voyage'), sortable: true, width: 100 },
      { key: 'carrier_code', title: t('field.carrier_code'), sortable: true, width: 100 },
      { key: 'service_code', title: t('field.service_code'), width: 100 },
      { key: 'pol', title: t('field.pol'), sortable: true, width: 90 },
      { key: 'pod', title: t('field.pod'), sortable: true, width: 90 },
      {
        key: 'etd',
        title: t('field.etd'),
        sortable: true,
        width: 130,
        render: (_, s) => (
          <span>
            {s.etd} {s.is_tbc && <Tag color="orange">{t('tbc')}</Tag>}
          </span>
        ),
      },
      { key: 'eta', title: t('field.eta'), sortable: true, width: 110 },
      { key: 'transit_days', title: t('field.transit_days'), width: 90 },
      { key: 'transshipment_port', title: t('field.transshipment_port'), width: 110 },
      { key: 'cy_cutoff', title: t('field.cy_cutoff'), width: 140, render: (_, s) => minute(s.cy_cutoff) },
      { key: 'si_cutoff', title: t('field.si_cutoff'), width: 140, render: (_, s) => minute(s.si_cutoff) },
      {
        key: 'is_manual',
        title: t('field.is_manual'),
        width: 80,
        render: (_, s) => labels.yesNo(s.is_manual),
      },
      statusColumn(t('field.status'), labels.status),
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
