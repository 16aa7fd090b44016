import { type ComponentProps, type KeyboardEvent, type ReactNode, useState } from 'react';
import { useFormDisabled } from './form-disabled';
import { useItemState } from './form-fields';
import { PlainCheckbox } from './plain-checkbox';
import type { PlainOption } from './plain-select';
import { PlainTag, type PlainTagColour } from './plain-tag';
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
  separator,
  normalise = (c) => c,
  tagColour,
  tagTestId,
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
  /** The characters that end a value, when not the comma (and the space): one character class, e.g. /[,;\s]/. */
  separator?: RegExp;
  /** Each typed value as kept (e.g. in lower case). */
  normalise?: (code: string) => string;
  /** A tag's colour (an address that is not one shows red). */
  tagColour?: (code: string) => PlainTagColour;
  tagTestId?: (code: string) => string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-testid'?: string;
}) {
  const state = useItemState({ disabled, 'aria-invalid': invalid });
  const off = !!state.disabled;
  const [draft, setDraft] = useState('');
  const codes = value ?? [];
  const ends = separator ?? (spaceSeparates ? /[,\s]/ : /,/);
  const add = (text: string) => {
    const typed = text
      .split(new RegExp(`${ends.source}+`))
      .map((c) => normalise(c.trim()))
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
    const parts = text.split(ends);
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
      <RemovableTags
        items={codes}
        removeLabel={removeLabel}
        disabled={off}
        onRemove={(c) => onChange?.(codes.filter((x) => x !== c))}
        colour={tagColour}
        itemTestId={tagTestId}
      />
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
 * The chosen values of a several-values field as tags, each with a remove button named by `removeLabel` (none
 * while the field is disabled); nothing when there are none.
 */
export function RemovableTags({
  items,
  textOf = (v) => v,
  removeLabel,
  disabled,
  onRemove,
  colour,
  itemTestId,
  'data-testid': testId,
}: {
  items: readonly string[];
  textOf?: (value: string) => string;
  removeLabel: (text: string) => string;
  disabled?: boolean;
  onRemove: (value: string) => void;
  colour?: (value: string) => PlainTagColour;
  itemTestId?: (value: string) => string;
  'data-testid'?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="fields-code-tags-list" data-testid={testId}>
      {items.map((v) => (
        <li key={v}>
          <PlainTag colour={colour?.(v)} data-testid={itemTestId?.(v)}>
            {textOf(v)}
            {!disabled && (
              <button
                type="button"
                className="fields-code-tags-remove"
                aria-label={removeLabel(textOf(v))}
                onClick={() => onRemove(v)}
              >
                ×
              </button>
            )}
          </PlainTag>
        </li>
      ))}
    </ul>
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
