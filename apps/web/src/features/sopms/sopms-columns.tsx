import type { TSopmsListRow } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { sopmsViewPath } from './sopms-paths';

/** Criteria of a row in one line: "Account USNYC001 · Office HKG · ETD 2026-01-01–2026-12-31". */
function useCriteriaText() {
  const { t } = useTranslation('sopms');
  return (r: TSopmsListRow) => {
    const parts: string[] = [];
    const list = (k: keyof TSopmsListRow & string) => {
      const v = r[k] as string[];
      if (v.length) parts.push(`${t(`field.${k}`)} ${v.join(', ')}`);
    };
    for (const k of [
      'account_codes',
      'customer_codes',
      'inv_kinds',
      'office_codes',
      'issue_party_codes',
      'agent_codes',
      'consignee_codes',
      'notify_party_codes',
      'transport_modes',
      'service_types',
    ] as const)
      list(k);
    if (r.overseas !== 'ANY') parts.push(t(`overseas.${r.overseas}`));
    if (r.etd_from || r.etd_to) parts.push(`${t('etd')} ${r.etd_from ?? '…'}–${r.etd_to ?? '…'}`);
    if (r.inv_date_from || r.inv_date_to)
      parts.push(`${t('invDate')} ${r.inv_date_from ?? '…'}–${r.inv_date_to ?? '…'}`);
    return parts.join(' · ') || t('allInvoices');
  };
}

/** SOPMSSearch columns: name, group, override level, criteria, rules, owner, status, last update. */
export function useSopmsColumns(): DataTableColumn<TSopmsListRow>[] {
  const { t, i18n } = useTranslation('sopms');
  const criteria = useCriteriaText();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'name',
        title: t('field.name'),
        sortable: true,
        alwaysVisible: true,
        width: 260,
        render: (_, r) => (
          <Link to={sopmsViewPath(r.tmplib_id)} data-testid={`sopms-link-${r.tmplib_id}`}>
            {r.name}
          </Link>
        ),
      },
      { key: 'validation_group', title: t('field.validation_group'), sortable: true, width: 140 },
      {
        key: 'override_level',
        title: t('field.override_level'),
        sortable: true,
        width: 200,
        render: (_, r) => t(`level.${r.override_level}`),
      },
      { key: 'criteria', title: t('criteria'), width: 320, render: (_, r) => criteria(r) },
      { key: 'rule_count', title: t('rules'), width: 80 },
      { key: 'owner_name', title: t('field.owner'), width: 150 },
      {
        key: 'status',
        title: t('field.status'),
        sortable: true,
        width: 100,
        render: (_, r) => <Tag color={r.status === 'A' ? 'green' : 'default'}>{t(`status.${r.status}`)}</Tag>,
      },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
