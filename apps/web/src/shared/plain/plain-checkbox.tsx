import type { InputHTMLAttributes, Ref } from 'react';
import { useFormDisabled } from './form-disabled';
import './plain-form-controls.css';

/**
 * A native check box in a form (issue 20: without antd's Checkbox): an antd Form.Item with
 * `valuePropName="checked"` gives `id`, `checked` and `onChange` and reads `event.target.checked`; its label
 * names the box. Disabled with the form.
 */
export function PlainCheckbox({
  checked,
  disabled,
  className,
  ref,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      {...rest}
      ref={ref}
      type="checkbox"
      className={className ? `plain-checkbox ${className}` : 'plain-checkbox'}
      checked={checked ?? false}
      disabled={useFormDisabled(disabled)}
    />
  );
}
