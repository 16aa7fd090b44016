import type { TBookingRow } from '@portal/contracts';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { useSession } from '../../shared/auth/use-session';
import type { PlainOption } from '../../shared/plain/plain-select';
import '../../shared/plain/plain.css';
import './booking-approval.css';

const SEPARATORS = /[,\s]+/;

/**
 * Shipping order numbers, typed or pasted (comma or space separated) or picked from a search (issue 20:
 * antd's tags Select without antd). The chosen numbers are a list, each with its remove button; the input is
 * a WAI-ARIA combobox: 2 characters search after a pause, Down/Up move through the matches, Enter picks the
 * active match or adds the typed number, a comma or space adds it too, Backspace in the empty input removes
 * the last number, Escape closes the list.
 */
export function SoPicker({
  value,
  onChange,
  max,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  max: number;
}) {
  const { t } = useTranslation(['booking-approval', 'common']);
  const session = useSession();
  const id = useId();
  const listId = `${id}-list`;
  const label = t('compare.placeholder');
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PlainOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef('');
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (q: string) => {
    clearTimeout(timer.current);
    asked.current = q.trim();
    setActive(-1);
    if (q.trim().length < 2 || !session.hasFunc('booking_approval')) {
      setLoading(false);
      setOptions([]);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(async () => {
      const mine = q.trim();
      try {
        const res = await api.get<{ rows: TBookingRow[] }>('/BookingApproval/list/search_booking_approval', {
          q: mine,
          pageSize: 10,
        });
        if (asked.current !== mine) return;
        setOptions(
          res.rows.map((r) => ({
            value: r.so_no,
            label: `${r.so_no}  ${r.pol} → ${r.pod}  ${r.consignee_code ?? ''}`,
          })),
        );
      } catch {
        if (asked.current === mine) setOptions([]);
      } finally {
        if (asked.current === mine) setLoading(false);
      }
    }, 400);
  };
  const reset = () => {
    setText('');
    search('');
  };
  /** Adds numbers not chosen yet, up to the most allowed. */
  const add = (nos: string[]) => {
    const next = [...value];
    for (const n of nos.map((s) => s.trim()).filter(Boolean)) {
      if (next.length >= max) break;
      if (!next.includes(n)) next.push(n);
    }
    if (next.length !== value.length) onChange(next);
  };
  /** A picked match toggles, as antd's tags Select did: a chosen number is taken off. */
  const pick = (o: PlainOption) => {
    if (value.includes(o.value)) onChange(value.filter((v) => v !== o.value));
    else add([o.value]);
    reset();
  };
  const remove = (so: string) => onChange(value.filter((v) => v !== so));

  const onType = (raw: string) => {
    if (SEPARATORS.test(raw)) {
      // A separator typed or pasted: every complete number before it is added, the rest stays typed.
      const parts = raw.split(SEPARATORS);
      const rest = parts.pop() ?? '';
      add(parts);
      setText(rest);
      search(rest);
      return;
    }
    setText(raw);
    search(raw);
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!SEPARATORS.test(pasted.trim())) return;
    e.preventDefault();
    add(`${text}${pasted}`.split(SEPARATORS));
    reset();
  };
  const open = focused && (loading || options.length > 0);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && options.length) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (open && active >= 0 && options[active]) pick(options[active]);
      else if (text.trim()) {
        add([text]);
        reset();
      }
    } else if (e.key === 'Escape' && (open || text)) {
      e.preventDefault();
      reset();
    } else if (e.key === 'Backspace' && !text && value.length) {
      remove(value[value.length - 1]);
    }
  };
  const full = value.length >= max;

  return (
    <div className="so-picker">
      {value.length > 0 && (
        <ul className="so-picker-chosen" aria-label={label}>
          {value.map((so) => (
            <li key={so} className="so-picker-chip">
              <span>{so}</span>
              <button
                type="button"
                className="so-picker-remove"
                aria-label={t('compare.remove', { so })}
                onClick={() => remove(so)}
                data-testid={`compare-so-remove-${so}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="plain-combobox so-picker-search">
        <input
          className="plain-input"
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-busy={loading || undefined}
          placeholder={label}
          value={text}
          readOnly={full}
          onChange={(e) => onType(e.target.value)}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
          data-testid="compare-so-input"
        />
        <div className="plain-combobox-popup" hidden={!open}>
          <div id={listId} role="listbox" aria-label={label} className="plain-listbox">
            {options.map((o, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options stay in the input's focus (aria-activedescendant)
              <div
                key={o.value}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={value.includes(o.value)}
                className={i === active ? 'plain-option plain-option--active' : 'plain-option'}
                // Picked on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o);
                }}
              >
                {o.label}
              </div>
            ))}
          </div>
          {loading && (
            <div className="plain-combobox-status" role="status">
              {t('common:plain.searching')}
            </div>
          )}
        </div>
      </span>
    </div>
  );
}
