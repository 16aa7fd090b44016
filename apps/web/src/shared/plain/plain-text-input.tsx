import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';
import './plain-form-controls.css';
import './plain-text-input.css';
import { useFormDisabled } from './form-disabled';

type TextValue = string | number | null | undefined;
const text = (v: TextValue) => (v === null || v === undefined ? '' : String(v));

export type PlainTextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  /** The form's value: null or undefined show as empty (an antd Form.Item gives it and takes the event back). */
  value?: TextValue;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A native text input in a form (issue 20: the booking form without antd's Input and @rc-component/input). An
 * antd Form.Item gives `id`, `value`, `onChange` and `aria-invalid` (the error border) and reads the value
 * from the change event, as it did from antd's Input.
 */
export function PlainTextInput({ value, className, ref, disabled, ...rest }: PlainTextInputProps) {
  return (
    <input
      type="text"
      {...rest}
      disabled={useFormDisabled(disabled)}
      ref={ref}
      className={className ? `plain-input plain-form-input ${className}` : 'plain-input plain-form-input'}
      value={text(value)}
    />
  );
}

export type PlainTextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & {
  value?: TextValue;
  /** Shows "used / maxLength" under the box (antd's showCount). */
  showCount?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A native multi-line text box in a form, as PlainTextInput (antd's Input.TextArea without antd). */
export function PlainTextArea({ value, className, showCount, ref, disabled, ...rest }: PlainTextAreaProps) {
  const box = (
    <textarea
      {...rest}
      disabled={useFormDisabled(disabled)}
      ref={ref}
      className={className ? `plain-input plain-textarea ${className}` : 'plain-input plain-textarea'}
      value={text(value)}
    />
  );
  if (!showCount || rest.maxLength === undefined) return box;
  return (
    <div className="plain-textarea-counted">
      {box}
      <div className="plain-textarea-count" aria-hidden="true">
        {[...text(value)].length} / {rest.maxLength}
      </div>
    </div>
  );
}

/**
 * A password box with a show/hide button (antd's `Input.Password` without antd): the button is a toggle
 * (`aria-pressed`) named "Show password", 24 px square, and keeps the focus in the form's order after the box.
 * As a Form.Item child it takes `id`, `value`, `onChange` and `aria-invalid` like PlainTextInput.
 */
export function PlainPasswordInput(props: Omit<PlainTextInputProps, 'type'>) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const off = useFormDisabled(props.disabled);
  return (
    <span className="plain-password">
      <PlainTextInput {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="plain-password-toggle"
        aria-pressed={shown}
        aria-label={t('passwordToggle.show')}
        title={shown ? t('passwordToggle.hide') : t('passwordToggle.show')}
        disabled={off}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
      </button>
    </span>
  );
}
