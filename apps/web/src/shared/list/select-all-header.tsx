import { useTranslation } from 'react-i18next';

/**
 * The header cell of a table's check-box column (DataTable, StaticTable): ticked when every pickable row of the
 * page is picked, mixed when some are, disabled on an empty page; ticking it picks them all, unticking drops them.
 */
export function SelectAllHeader({
  picked,
  pickable,
  onChange,
}: {
  /** Picked rows among the page's pickable ones. */
  picked: number;
  /** Rows of the page whose box can be ticked. */
  pickable: number;
  onChange: (pickAll: boolean) => void;
}) {
  const { t } = useTranslation('list');
  return (
    <th className="portal-dt-select" scope="col">
      <input
        type="checkbox"
        checked={pickable > 0 && picked === pickable}
        ref={(el) => {
          if (el) el.indeterminate = picked > 0 && picked < pickable;
        }}
        disabled={pickable === 0}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={t('selectAll')}
      />
    </th>
  );
}
