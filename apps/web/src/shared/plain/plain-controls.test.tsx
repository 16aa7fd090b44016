// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainCombobox } from './plain-combobox';
import { PlainDateRange } from './plain-date-range';
import { PlainSegmented } from './plain-segmented';
import { PlainSelect } from './plain-select';

afterEach(cleanup);

const OPTS = [
  { value: 'HKCUS001', label: 'HKCUS001 - Harbour Light' },
  { value: 'HKCUS002', label: 'HKCUS002 - Pearl River' },
];

describe('plain report controls (issue 20: filters without antd)', () => {
  it('PlainSelect: an empty choice to clear, a value the options lack still shown', () => {
    const onChange = vi.fn();
    render(
      <PlainSelect
        aria-label="Office"
        allowClear
        placeholder="Office"
        value="SZX"
        options={OPTS}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Office' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'SZX', 'HKCUS001', 'HKCUS002']);
    expect(select.value).toBe('SZX');
    fireEvent.change(select, { target: { value: 'HKCUS002' } });
    expect(onChange).toHaveBeenLastCalledWith('HKCUS002');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('PlainDateRange: applies a whole valid range only, each end bounding the other and the longest range', () => {
    const onChange = vi.fn();
    render(
      <PlainDateRange label="Period" from="2026-01-01" to="2026-01-31" maxDays={366} onChange={onChange} />,
    );
    const from = screen.getByLabelText('Period: plain.from') as HTMLInputElement;
    const to = screen.getByLabelText('Period: plain.to') as HTMLInputElement;
    expect(to.min).toBe('2026-01-01');
    expect(to.max).toBe('2027-01-01');
    expect(from.max).toBe('2026-01-31');
    fireEvent.change(to, { target: { value: '2026-03-31' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-01-01', '2026-03-31');
    onChange.mockClear();
    // To before from: marked invalid, not applied.
    fireEvent.change(from, { target: { value: '2026-04-15' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    // Longer than the longest range: not applied either.
    fireEvent.change(from, { target: { value: '2024-01-01' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-02-01', '2026-03-31');
    expect(from.getAttribute('aria-invalid')).toBeNull();
  });

  it('PlainDateRange: months', () => {
    const onChange = vi.fn();
    render(<PlainDateRange kind="month" label="Months" from="2026-01" to="2026-06" onChange={onChange} />);
    const to = screen.getByLabelText('Months: plain.to') as HTMLInputElement;
    expect(to.type).toBe('month');
    fireEvent.change(to, { target: { value: '2026-03' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-01', '2026-03');
  });

  it('PlainCombobox: typing searches, Down and Enter pick, Escape gives the chosen text back, clear empties', () => {
    const onSearch = vi.fn();
    const picked = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string | undefined>();
      return (
        <PlainCombobox
          aria-label="Customer"
          allowClear
          value={value}
          options={OPTS}
          onSearch={onSearch}
          onChange={(v) => {
            picked(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement;
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'hk' } });
    expect(onSearch).toHaveBeenLastCalledWith('hk');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Customer' });
    expect(list.getAttribute('id')).toBe(input.getAttribute('aria-controls'));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant') ?? '';
    expect(document.getElementById(active)?.textContent).toBe('HKCUS002 - Pearl River');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked).toHaveBeenLastCalledWith('HKCUS002');
    expect(input.value).toBe('HKCUS002 - Pearl River');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onSearch).toHaveBeenLastCalledWith('');
    // Typing then Escape: the chosen value's text again.
    fireEvent.change(input, { target: { value: 'xy' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('HKCUS002 - Pearl River');
    // A click on an option picks it: the press does not take the focus from the input (issue 39).
    fireEvent.change(input, { target: { value: 'hk' } });
    const option = screen.getByRole('option', { name: 'HKCUS001 - Harbour Light' });
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(picked).toHaveBeenLastCalledWith('HKCUS001');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    act(() => {
      screen.getByRole('button', { name: 'plain.clear: Customer' }).click();
    });
    expect(picked).toHaveBeenLastCalledWith(undefined);
    expect(input.value).toBe('');
  });

  it('PlainCombobox: the list stays in the input box (it scrolls with the page); Escape closes it, not the dialog around it', () => {
    const dialogKey = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for a dialog that closes on Escape
      <div data-testid="dialog" onKeyDown={(e) => dialogKey(e.key)} style={{ overflow: 'hidden' }}>
        <PlainCombobox
          aria-label="Customer"
          value={undefined}
          options={OPTS}
          onSearch={() => {}}
          onChange={() => {}}
        />
      </div>,
    );
    const input = screen.getByRole('combobox', { name: 'Customer' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Customer' });
    expect(screen.getByTestId('dialog').contains(list)).toBe(true);
    // Down opened it on the first match; Down again moves on, past the last back to the first.
    const activeText = () =>
      document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(activeText()).toBe('HKCUS001 - Harbour Light');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText()).toBe('HKCUS002 - Pearl River');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText()).toBe('HKCUS001 - Harbour Light');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(dialogKey).not.toHaveBeenCalledWith('Escape');
  });

  it('PlainSegmented: a radio group whose choice shows at once', () => {
    const onChange = vi.fn();
    render(
      <PlainSegmented
        aria-label="Invoices counted"
        value="all"
        options={[
          { value: 'all', label: 'All invoices' },
          { value: 'posted', label: 'Posted only' },
        ]}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Invoices counted' });
    expect(group).toBeTruthy();
    const posted = screen.getByRole('radio', { name: 'Posted only' }) as HTMLInputElement;
    act(() => posted.click());
    expect(onChange).toHaveBeenLastCalledWith('posted');
    // The owner has not passed the new value yet: the choice is shown anyway.
    expect(posted.checked).toBe(true);
  });
});
