import { type ComponentProps, type KeyboardEvent, type ReactNode, useState } from 'react';
import { useFormDisabled } from './form-disabled';
import { useItemState } from './form-fields';
import { PlainCheckbox } from './plain-checkbox';
import type { PlainOption } from './plain-select';
import { PlainTag } from './plain-tag';
import './plain.css';
import './plain-form-controls.css';
import './multi-fields.css';

/**
 * Several of a few fixed choices as check boxes in a named group (antd's `Select mode="multiple"` without
 * antd). An antd Form.Item gives `id`, `value` (the chosen values) and `onChange` (called with them, in the
 * options' order); the group is named by `aria-label` (the Form.Item's label).
 */
export function CheckGroupField({
  id,
  value,
  onChange,
  options,
  disabled,
  list,
  'aria-label': ariaLabel,
  'aria-invalid': invalid,
  'data-testid': testId,
}: {
  id?: string;
  value?: readonly string[] | null;
  onChange?: (value: string[]) => void;
  options: readonly PlainOption[];
  disabled?: boolean;
  /** One under the other in a box that scrolls past a few (a longer list in a table cell). */
  list?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'data-testid'?: string;
}) {
  const off = useFormDisabled(disabled);
  const chosen = new Set(value ?? []);
  const toggle = (v: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(v);
    else next.delete(v);
    onChange?.(options.map((o) => o.value).filter((o) => next.has(o)));
  };
  return (
    <fieldset
      id={id}
      aria-label={ariaLabel}
      aria-invalid={invalid}
      className={
        list
          ? 'plain-radio-list fields-check-group fields-check-group--list'
          : 'plain-radio-list plain-radio-list--row fields-check-group'
      }
      data-testid={testId}
    >
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            className="plain-checkbox"
            checked={chosen.has(o.value)}
            disabled={off}
            data-testid={testId ? `${testId}-${o.value}` : undefined}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A list of codes typed one by one (antd's `Select mode="tags"` without its dropdown, without antd): each code
 * shows as a tag with a remove button; Enter, a comma or a space adds what is typed, Backspace in the empty
 * box takes the last one back. An antd Form.Item gives `id` (the text box's, so the item's label names it),
 * `value` (the codes) and `onChange` (called with them).
 */
export function CodeTagsField({
  id,
  value,
  onChange,
  disabled,
  removeLabel,
  max,
  spaceSeparates = true,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'data-testid': testId,
}: {
  id?: string;
  value?: readonly string[] | null;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  /** The remove button's name for a code ("Remove HKG"). */
  removeLabel: (code: string) => string;
  /** At most this many codes (antd's maxCount): the box takes no more once full. */
  max?: number;
  /** Whether a space ends a value too (codes, numbers, addresses); false for words that may hold spaces (tags). */
  spaceSeparates?: boolean;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-testid'?: string;
}) {
  const state = useItemState({ disabled, 'aria-invalid': invalid });
  const off = !!state.disabled;
  const [draft, setDraft] = useState('');
  const codes = value ?? [];
  const separator = spaceSeparates ? /[,\s]+/ : /,/;
  const add = (text: string) => {
    const typed = text
      .split(separator)
      .map((c) => c.trim())
      .filter(Boolean);
    const next = [...codes];
    for (const c of typed) {
      if (max !== undefined && next.length >= max) break;
      if (!next.includes(c)) next.push(c);
    }
    if (next.length !== codes.length) onChange?.(next);
  };
  const change = (text: string) => {
    // A separator typed (or a pasted list) adds the codes before it; the rest stays in the box.
    const parts = text.split(spaceSeparates ? /[,\s]/ : /,/);
    const rest = parts.pop() ?? '';
    if (parts.length > 0) add(parts.join(','));
    setDraft(rest);
  };
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add(draft);
      setDraft('');
    } else if (e.key === 'Backspace' && draft === '' && codes.length > 0 && !off) {
      onChange?.(codes.slice(0, -1));
    }
  };
  return (
    <div className="fields-code-tags" data-testid={testId}>
      {codes.length > 0 && (
        <ul className="fields-code-tags-list">
          {codes.map((c) => (
            <li key={c}>
              <PlainTag>
                {c}
                {!off && (
                  <button
                    type="button"
                    className="fields-code-tags-remove"
                    aria-label={removeLabel(c)}
                    onClick={() => onChange?.(codes.filter((x) => x !== c))}
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
        readOnly={max !== undefined && codes.length >= max}
        aria-invalid={state['aria-invalid']}
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

/**
 * A check box with its text beside it as a Form.Item control (antd's `<Checkbox>text</Checkbox>` without antd;
 * the Form.Item has `valuePropName="checked"` and no label of its own): the text names the box.
 */
export function CheckboxField({
  children,
  ...box
}: ComponentProps<typeof PlainCheckbox> & { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the check box (PlainCheckbox) is inside the label
    <label className="fields-check-label">
      <PlainCheckbox {...box} />
      {children}
    </label>
  );
}
