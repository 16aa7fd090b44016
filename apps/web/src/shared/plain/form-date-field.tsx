import { useItemState } from './form-fields';
import { PlainDateInput, type PlainDateInputProps } from './plain-date-input';

/** A native date (or date-and-time) input as a Form.Item control: dayjs | null in and out. */
export const DateField = (props: PlainDateInputProps) => (
  <PlainDateInput {...props} {...useItemState(props)} />
);
