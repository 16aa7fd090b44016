import type { TPartyGroupRow } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { usePartyGroupLabels } from './party-group-labels';
import { partyGroupPath } from './party-group-paths';

/** The party group list's columns (001 §3 Party group plus last update). */
export function usePartyGroupColumns(): DataTableColumn<TPartyGroupRow>[] {
  const { t, i18n } = useTranslation('party-group');
  const labels = usePartyGroupLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    () => [
      { key: 'party_group_id', title: t('field.party_group_id'), sortable: true, width: 80 },
      {
        key: 'group_name',
        title: t('field.group_name'),
        sortable: true,
        alwaysVisible: true,
        width: 260,
        render: (_, g) => (
          <Link to={partyGroupPath(g.party_group_id)} data-testid={`party-group-link-${g.party_group_id}`}>
            {g.group_name}
          </Link>
        ),
      },
      {
        key: 'group_type',
        title: t('field.group_type'),
        sortable: true,
        width: 130,
        render: (_, g) => labels.type(g.group_type),
      },
      { key: 'sub_group', title: t('field.sub_group'), sortable: true, width: 160 },
      { key: 'member_count', title: t('field.member_count'), width: 100 },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
}
