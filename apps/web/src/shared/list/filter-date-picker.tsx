import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * The custom filter's date value (YYYY-MM-DD), loaded only when a date field is picked: antd's date picker is
 * one of the heaviest pieces and most filters never need it (issue 20: route weight).
 */
export default function FilterDatePicker({
  value,
  onChange,
  ...rest
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  style: { width: number };
  'aria-label': string;
  'data-testid': string;
}) {
  return (
    <DatePicker
      {...rest}
      value={value && dayjs(value).isValid() ? dayjs(value) : null}
      onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
    />
  );
}
