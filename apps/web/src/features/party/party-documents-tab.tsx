import { useSession } from '../../shared/auth';
import { DocumentPanel } from '../../shared/documents';

/**
 * Document Upload tab (001 §2 Party tabs): the party's documents, changed with the `party` function id. Loaded
 * on the tab's first visit (it holds no form field).
 */
export default function PartyDocumentsTab({ partyId }: { partyId: number | null }) {
  const { hasFunc } = useSession();
  return (
    <DocumentPanel entityType="party" entityId={partyId} canEdit={hasFunc('party')} testId="party-document" />
  );
}
