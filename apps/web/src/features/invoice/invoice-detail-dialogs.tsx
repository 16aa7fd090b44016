import { StatusHistory, useStatusHistory } from '../../shared/history';
import { invoiceHistoryPath } from './invoice-api';
import { useInvoiceLabels } from './invoice-labels';

/**
 * What the invoice detail shows on demand, loaded then (issue 20): the Status History tab.
 */

/** The Status History tab. */
export function InvoiceHistoryTab({ id, active }: { id: number; active: boolean }) {
  const labels = useInvoiceLabels();
  const q = useStatusHistory(invoiceHistoryPath(id), active);
  return (
    <StatusHistory
      entries={q.data?.map((e) => ({ ...e, action: labels.action(e.action) }))}
      loading={q.isPending}
      error={q.error}
      statusLabel={labels.status}
      fieldLabel={labels.field}
    />
  );
}
