import { Form } from '../form/form';
import { useFormDisabled } from './form-disabled';
import { type PlainOption, PlainSelect } from './plain-select';
import './plain-form-controls.css';

/**
 * What an antd Form.Item says about the native control inside it: disabled with the Form, invalid while the
 * item shows an error (issue 20: the form's fields without antd's DatePicker and Select).
 */
export function useItemState(props: { disabled?: boolean; 'aria-invalid'?: unknown }) {
  const disabled = useFormDisabled(props.disabled);
  const { status } = Form.Item.useStatus();
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true' || status === 'error';
  return { disabled: disabled || undefined, 'aria-invalid': invalid || undefined };
}

type ChoiceProps = Omit<Parameters<typeof PlainSelect>[0], 'value' | 'onChange' | 'options'> & {
  options: readonly PlainOption[];
  value?: string | null;
  onChange?: (value: string | undefined) => void;
};

/** A native select of fixed choices as a Form.Item control (cleared is undefined). */
export const ChoiceField = ({ value, onChange, className, ...rest }: ChoiceProps) => (
  <PlainSelect
    {...rest}
    {...useItemState(rest)}
    className={className ? `plain-form-select ${className}` : 'plain-form-select'}
    value={value ?? undefined}
    onChange={(v) => onChange?.(v)}
  />
);
