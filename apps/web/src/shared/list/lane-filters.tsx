import { PickerFilter } from './picker-filter';
import type { ListQuery } from './use-list-query';

/**
 * A list's carrier, POL and POD filters (the filters `carrier_code`, `pol`, `pod`), each picked from the
 * server's options; test ids `<testIdPrefix>carrier`, `-pol`, `-pod`.
 */
export function LaneFilters({
  list,
  labels,
  testIdPrefix,
}: {
  list: Pick<ListQuery<unknown, 'carrier_code' | 'pol' | 'pod'>, 'state' | 'setState'>;
  labels: { carrier: string; pol: string; pod: string };
  testIdPrefix: string;
}) {
  return (
    <>
      <PickerFilter
        list={list}
        name="carrier_code"
        fetchOptionKey="carrier"
        label={labels.carrier}
        testId={`${testIdPrefix}carrier`}
      />
      <PickerFilter
        list={list}
        name="pol"
        fetchOptionKey="port"
        label={labels.pol}
        testId={`${testIdPrefix}pol`}
      />
      <PickerFilter
        list={list}
        name="pod"
        fetchOptionKey="port"
        label={labels.pod}
        testId={`${testIdPrefix}pod`}
      />
    </>
  );
}
