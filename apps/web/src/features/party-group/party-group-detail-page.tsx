import type { TPartyGroup } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { partyGroupApi } from './party-group-api';
import { PartyGroupForm } from './party-group-form';
import { toFormValues, toRequest } from './party-group-form-values';
import { usePartyGroupLabels } from './party-group-labels';
import { PARTY_GROUP_LIST_PATH, partyGroupPath } from './party-group-paths';

/** /BMS/party_group_maintenance/:party_group_id ('new' creates). Remounts per id so a saved new one starts clean. */
export default function PartyGroupDetailRoute() {
  const { party_group_id } = useParams();
  return <PartyGroupDetail key={party_group_id} id={parseRecordId(party_group_id)} />;
}

function PartyGroupDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('party-group');
  const labels = usePartyGroupLabels();
  const query = partyGroupApi.useOne(typeof id === 'number' ? id : null);
  const create = partyGroupApi.useCreate();
  const update = partyGroupApi.useUpdate();
  const formatValue = (f: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    return f === 'group_type' ? labels.type(String(v)) : String(v);
  };
  return (
    <MaintenanceDetail<TPartyGroup, ReturnType<typeof toFormValues>, ReturnType<typeof toRequest>>
      id={id}
      testId="party-group"
      listPath={PARTY_GROUP_LIST_PATH}
      pathOf={partyGroupPath}
      idOf={(g) => g.party_group_id}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(gid, body) => update.mutateAsync({ id: gid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(g) => (g ? t('editTitle', { id: g.party_group_id, name: g.group_name }) : t('newPartyGroup'))}
      createdText={(g) => t('created', { name: g.group_name })}
      savedText={(g) => t('saved', { name: g.group_name })}
      renderForm={(p) => <PartyGroupForm {...p} />}
      renderHistory={(g, active) => (
        <RecordHistoryTab
          path={partyGroupApi.historyPath(g.party_group_id)}
          active={active}
          fieldLabel={labels.field}
          formatValue={formatValue}
        />
      )}
    />
  );
}
