import { useItemState } from './form-fields';
import { PlainNumberInput, type PlainNumberInputProps } from './plain-number-input';

/** A number input as a Form.Item control: number | null in and out, as antd's InputNumber gave. */
export const NumberField = (props: PlainNumberInputProps) => (
  <PlainNumberInput {...props} {...useItemState(props)} />
);
