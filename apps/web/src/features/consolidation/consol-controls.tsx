import { useItemState } from '../../shared/plain/form-fields';
import { PlainSelect } from '../../shared/plain/plain-select';
import '../../shared/plain/plain-form-controls.css';

type SelectProps = Omit<Parameters<typeof PlainSelect>[0], 'value' | 'onChange' | 'options'>;

/** A native select whose choices are numbers (a container's sequence), as a Form.Item control. */
export const NumberChoiceSelect = ({
  value,
  onChange,
  options,
  className,
  ...rest
}: SelectProps & {
  options: readonly { value: number; label: string }[];
  value?: number | null;
  onChange?: (value: number | undefined) => void;
}) => (
  <PlainSelect
    {...rest}
    {...useItemState(rest)}
    className={className ? `plain-form-select ${className}` : 'plain-form-select'}
    options={options.map((o) => ({ value: String(o.value), label: o.label }))}
    value={value === null || value === undefined ? undefined : String(value)}
    onChange={(v) => onChange?.(v === undefined ? undefined : Number(v))}
  />
);
