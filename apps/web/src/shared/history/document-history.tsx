import { StatusHistory } from './lazy-status-history';
import type { StatusHistoryProps } from './status-history';
import { useStatusHistory } from './use-status-history';

/**
 * A document's status history from its history path (e.g. `/Consolidation/{no}/history`), the actions,
 * statuses and fields in the feature's words, inside `<div data-testid={testId}>`.
 */
export function DocumentHistory({
  path,
  testId,
  actionLabel,
  statusLabel,
  fieldLabel,
  formatValue,
}: {
  path: string;
  testId: string;
  actionLabel: (action: string) => string;
} & Pick<StatusHistoryProps, 'statusLabel' | 'fieldLabel' | 'formatValue'>) {
  const history = useStatusHistory(path);
  return (
    <div data-testid={testId}>
      <StatusHistory
        entries={history.data?.map((h) => ({ ...h, action: actionLabel(h.action) }))}
        loading={history.isFetching}
        error={history.error}
        statusLabel={statusLabel}
        fieldLabel={fieldLabel}
        formatValue={formatValue}
      />
    </div>
  );
}
