import { StatusHistory } from '../../shared/history/lazy-status-history';
import { useStatusHistory } from '../../shared/history/use-status-history';
import { partyHistoryApiPath } from './party-api';
import { usePartyLabels } from './party-labels';

/** A party's status history (GET /Party/{id}/history): every approval move and edit, newest first. */
export function PartyHistoryTab({ id, active }: { id: number; active: boolean }) {
  const labels = usePartyLabels();
  const history = useStatusHistory(partyHistoryApiPath(id), active);
  return (
    <StatusHistory
      entries={history.data?.map((h) => ({ ...h, action: labels.action(h.action) }))}
      loading={history.isFetching}
      error={history.error}
      statusLabel={labels.approval}
      fieldLabel={labels.field}
    />
  );
}
