import { formatMoney, type TPartyList, type TPartyListRow } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn, updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { approvalColor, usePartyLabels } from './party-labels';
import { partyPath } from './party-paths';

/** The party list's columns. */
export function usePartyColumns(list: TPartyList): DataTableColumn<TPartyListRow>[] {
  const { i18n } = useTranslation('party');
  const labels = usePartyLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      {
        key: 'party_code',
        title: labels.field('party_code'),
        sortable: true,
        alwaysVisible: true,
        kind: 'code',
        render: (_, p) => (
          <Link to={partyPath(p.party_id, list)} data-testid={`party-link-${p.party_code}`}>
            {p.party_code}
          </Link>
        ),
      },
      { key: 'full_name', title: labels.field('full_name'), sortable: true, kind: 'name' },
      {
        key: 'short_name',
        title: labels.field('short_name'),
        sortable: true,
        width: 160,
        defaultHidden: true,
      },
      {
        key: 'party_type',
        title: labels.field('party_type'),
        sortable: true,
        width: 120,
        render: (_, p) => labels.type(p.party_type),
      },
      { key: 'city', title: labels.field('city'), width: 120 },
      { key: 'country_code', title: labels.field('country_code'), sortable: true, width: 90 },
      { key: 'tel', title: labels.field('tel'), width: 150, defaultHidden: true },
      { key: 'email', title: labels.field('email'), kind: 'name', defaultHidden: true },
      { key: 'office_code', title: labels.field('office_code'), width: 90, defaultHidden: true },
      {
        key: 'credit_limit',
        title: labels.field('credit_limit'),
        kind: 'number',
        align: 'right',
        render: (_, p) => formatMoney(p.credit_limit, null, i18n.language),
      },
      {
        key: 'approval_status',
        title: labels.field('approval_status'),
        sortable: true,
        width: 210,
        render: (_, p) => (
          <Tag color={approvalColor(p.approval_status)}>{labels.approval(p.approval_status)}</Tag>
        ),
      },
      statusColumn(labels.field('status'), labels.status, { sortable: false, width: 90 }),
      updatedAtColumn(labels.field('updated_at')),
      { key: 'updated_by', title: labels.field('updated_by'), width: 160, defaultHidden: true },
    ],
    [i18n.language, list],
  );
}
