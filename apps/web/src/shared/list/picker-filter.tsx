import { SearchSelect } from '../search-select/search-select';
import type { ListQuery } from './use-list-query';

/** A list filter picked with SearchSelect (carrier, port, ...): its value is the list filter `name`. */
export function PickerFilter<F extends string>({
  list,
  name,
  fetchOptionKey,
  label,
  testId,
}: {
  list: Pick<ListQuery<unknown, F>, 'state' | 'setState'>;
  name: F;
  fetchOptionKey: string;
  label: string;
  testId: string;
}) {
  return (
    <SearchSelect
      fetchOptionKey={fetchOptionKey}
      value={list.state.filters[name] ?? null}
      onChange={(v) =>
        list.setState({
          filters: { [name]: typeof v === 'string' ? v : undefined } as Partial<Record<F, string>>,
        })
      }
      placeholder={label}
      aria-label={label}
      style={{ width: 200 }}
      data-testid={testId}
    />
  );
}
