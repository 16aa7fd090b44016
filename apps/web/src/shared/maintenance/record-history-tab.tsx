import { StatusHistory } from '../history/lazy-status-history';
import { useStatusHistory } from '../history/use-status-history';
import { useStatusWord } from '../i18n/code-words';

export interface RecordHistoryTabProps {
  /** e.g. `/Warehouse/12/history`. */
  path: string;
  /** Loads when the tab is first opened. */
  active: boolean;
  statusLabel?: (status: string) => string;
  fieldLabel: (field: string) => string;
  /** Shows a changed value; codes become their labels. */
  formatValue?: (field: string, value: unknown) => string;
}

/** A maintained record's change history. */
export function RecordHistoryTab({
  path,
  active,
  statusLabel,
  fieldLabel,
  formatValue,
}: RecordHistoryTabProps) {
  const history = useStatusHistory(path, active);
  const statusWord = useStatusWord();
  // A maintained record's status the feature does not word (A, I) reads from the codes catalogue (issue 39).
  const label = (s: string) => {
    const l = statusLabel?.(s);
    return l && l !== s ? l : statusWord('record', s);
  };
  return (
    <StatusHistory
      entries={history.data}
      loading={history.isFetching}
      error={history.error}
      statusLabel={label}
      fieldLabel={fieldLabel}
      formatValue={formatValue}
    />
  );
}
