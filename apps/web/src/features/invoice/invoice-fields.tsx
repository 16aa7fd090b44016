import { Form } from 'antd';
import {
  type AriaAttributes,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDisabled } from '../../shared/plain/form-disabled';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainCombobox } from '../../shared/plain/plain-combobox';
import { type PlainOption, PlainSelect } from '../../shared/plain/plain-select';
import { PlainTag } from '../../shared/plain/plain-tag';
import '../../shared/plain/plain-form-controls.css';
import './invoice-fields.css';

/**
 * The invoice form's controls without antd's Select and Checkbox (issue 20). Each works as an antd Form.Item
 * child: the item gives `id` (its label names the control), `value` (or `checked`), `onChange` and
 * `aria-invalid`; each is disabled with the Form.
 */
function useInvalid(props: { 'aria-invalid'?: unknown }) {
  const { status } = Form.Item.useStatus();
  return (
    props['aria-invalid'] === true || props['aria-invalid'] === 'true' || status === 'error' || undefined
  );
}

type ChoiceProps = Omit<Parameters<typeof PlainSelect>[0], 'value' | 'onChange' | 'options'> & {
  options: readonly PlainOption[];
  value?: string | null;
  onChange?: (value: string | undefined) => void;
};

/** A native select of fixed choices (antd's Select without search); cleared is undefined. */
export function ChoiceField({ value, onChange, className, disabled, ...rest }: ChoiceProps) {
  const invalid = useInvalid(rest);
  return (
    <PlainSelect
      {...rest}
      aria-invalid={invalid}
      disabled={useFormDisabled(disabled)}
      className={className ? `plain-form-select ${className}` : 'plain-form-select'}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v)}
    />
  );
}

/** A check box with its text beside it (antd's `<Checkbox>text</Checkbox>`); use with `valuePropName="checked"`. */
export function CheckField({
  children,
  ...rest
}: Parameters<typeof PlainCheckbox>[0] & { children: ReactNode; 'data-testid'?: string }) {
  return (
    <label className="invoice-check-label" htmlFor={rest.id}>
      <PlainCheckbox {...rest} />
      {children}
    </label>
  );
}

/**
 * One of a longer list of fixed choices, found by typing (antd's `Select showSearch` without antd): a plain
 * combobox whose matches are the options whose text holds what is typed.
 */
export function SearchChoiceField({
  value,
  onChange,
  options,
  disabled,
  ref,
  className,
  style,
  ...aria
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  options: readonly PlainOption[];
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-label'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
  'data-testid'?: string;
}) {
  const [query, setQuery] = useState('');
  const off = useFormDisabled(disabled);
  const invalid = useInvalid(aria);
  const q = query.trim().toLowerCase();
  const matches = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  return (
    <PlainCombobox
      {...aria}
      aria-invalid={invalid}
      ref={ref}
      className={className}
      style={style}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v)}
      options={matches}
      valueLabel={value ? options.find((o) => o.value === value)?.label : undefined}
      onSearch={setQuery}
      openOnClick
      disabled={off}
    />
  );
}

/**
 * A list of values typed one by one (antd's `Select mode="tags"` with its dropdown closed): each value shows
 * as a tag with a remove button; Enter or a comma adds what is typed (and leaving the box), Backspace in the
 * empty box takes the last one back. `max` caps the list (antd's maxCount).
 */
export function TagsField({
  id,
  value,
  onChange,
  disabled,
  max,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'data-testid': testId,
}: {
  id?: string;
  value?: readonly string[] | null;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  max?: number;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('invoice');
  const off = useFormDisabled(disabled);
  const [draft, setDraft] = useState('');
  const items = value ?? [];
  const full = max !== undefined && items.length >= max;
  const add = (text: string) => {
    const next = [...items];
    for (const v of text.split(',').map((x) => x.trim())) {
      if (!v || next.includes(v)) continue;
      if (max !== undefined && next.length >= max) break;
      next.push(v);
    }
    if (next.length !== items.length) onChange?.(next);
  };
  const change = (text: string) => {
    // A comma typed (or a pasted list) adds the values before it; the rest stays in the box.
    const parts = text.split(',');
    const rest = parts.pop() ?? '';
    if (parts.length > 0) add(parts.join(','));
    setDraft(rest);
  };
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add(draft);
      setDraft('');
    } else if (e.key === 'Backspace' && draft === '' && items.length > 0 && !off) {
      onChange?.(items.slice(0, -1));
    }
  };
  return (
    <div className={off ? 'invoice-tags invoice-tags--disabled' : 'invoice-tags'} data-testid={testId}>
      {items.length > 0 && (
        <ul className="invoice-tags-list">
          {items.map((v) => (
            <li key={v}>
              <PlainTag>
                {v}
                {!off && (
                  <button
                    type="button"
                    className="invoice-tags-remove"
                    aria-label={t('removeTag', { value: v })}
                    onClick={() => onChange?.(items.filter((x) => x !== v))}
                  >
                    ×
                  </button>
                )}
              </PlainTag>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        className="plain-input plain-form-input"
        value={draft}
        disabled={off}
        readOnly={full}
        aria-invalid={useInvalid({ 'aria-invalid': invalid })}
        aria-describedby={describedBy}
        onChange={(e) => change(e.target.value)}
        onKeyDown={key}
        onBlur={() => {
          add(draft);
          setDraft('');
        }}
      />
    </div>
  );
}
