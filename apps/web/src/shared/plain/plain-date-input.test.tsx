// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateInputText, dateInputValue, PlainDateInput } from './plain-date-input';

afterEach(cleanup);

describe('PlainDateInput (issue 20: booking dates without antd DatePicker)', () => {
  it('shows a dayjs as the native value and gives a dayjs back', () => {
    const onChange = vi.fn();
    render(<PlainDateInput aria-label="ETD" value={dayjs('2026-07-14')} onChange={onChange} />);
    const input = screen.getByLabelText('ETD') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-07-14');
    fireEvent.change(input, { target: { value: '2026-08-01' } });
    const d = onChange.mock.lastCall?.[0] as Dayjs;
    expect(dayjs.isDayjs(d)).toBe(true);
    expect(d.format('YYYY-MM-DD')).toBe('2026-08-01');
  });

  it('emptying gives null; null shows an empty input', () => {
    const onChange = vi.fn();
    render(<PlainDateInput aria-label="ETA" value={dayjs('2026-07-14')} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('ETA'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    cleanup();
    render(<PlainDateInput aria-label="ETA" value={null} onChange={onChange} />);
    expect((screen.getByLabelText('ETA') as HTMLInputElement).value).toBe('');
  });

  it('a date-time is a wall clock to the minute: no zone shift, seconds dropped', () => {
    const onChange = vi.fn();
    function Closing() {
      const [v, setV] = useState<Dayjs | null>(dayjs('2026-07-10T18:00'));
      return (
        <PlainDateInput
          aria-label="CY closing"
          kind="datetime"
          value={v}
          onChange={(d) => {
            onChange(d);
            setV(d);
          }}
        />
      );
    }
    render(<Closing />);
    const input = screen.getByLabelText('CY closing') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-07-10T18:00');
    fireEvent.change(input, { target: { value: '2026-07-11T07:30' } });
    const d = onChange.mock.lastCall?.[0] as Dayjs;
    expect(d.format('YYYY-MM-DDTHH:mm')).toBe('2026-07-11T07:30');
    expect(d.hour()).toBe(7);
    expect(input.value).toBe('2026-07-11T07:30');
    expect(dateInputValue('2026-07-11T07:30:45', 'datetime')?.format('YYYY-MM-DDTHH:mm:ss')).toBe(
      '2026-07-11T07:30:00',
    );
  });

  it('reads API strings and rejects what is no whole date', () => {
    expect(dateInputText('2026-07-14', 'date')).toBe('2026-07-14');
    expect(dateInputText('2026-07-10T18:00', 'datetime')).toBe('2026-07-10T18:00');
    expect(dateInputText(dayjs('2026-07-10T18:00'), 'date')).toBe('2026-07-10');
    expect(dateInputText(null, 'date')).toBe('');
    expect(dateInputText(undefined, 'datetime')).toBe('');
    expect(dateInputText(dayjs('nonsense'), 'date')).toBe('');
    expect(dateInputValue('', 'date')).toBeNull();
    expect(dateInputValue('2026-07', 'date')).toBeNull();
    expect(dateInputValue('2026-07-14', 'datetime')).toBeNull();
  });

  it('passes disabled, readOnly, the test id and aria-invalid to the input', () => {
    render(
      <PlainDateInput
        aria-label="ETD"
        value={null}
        disabled
        readOnly
        aria-invalid
        data-testid="booking-field-etd"
      />,
    );
    const input = screen.getByTestId('booking-field-etd') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('plain-input');
  });
});
