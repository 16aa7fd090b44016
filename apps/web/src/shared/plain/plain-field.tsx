import type { InputHTMLAttributes, Ref } from 'react';
import './plain.css';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** The translated error shown under the input (and announced), or nothing. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled native input with its error text, for the screens that load without antd (/login). */
export function PlainTextField({ id, label, error, ref, ...input }: Props) {
  const helpId = `${id}_help`;
  return (
    <div className="plain-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        className="plain-input"
        aria-invalid={!!error}
        aria-describedby={error ? helpId : undefined}
        {...input}
      />
      {error ? (
        <div id={helpId} className="plain-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
