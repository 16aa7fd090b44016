// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberText, PlainNumberInput, parseNumberText } from './plain-number-input';

afterEach(cleanup);

/** A controlled input as a Form.Item holds it: the value follows onChange. */
function Held(props: {
  initial: number | null;
  onChange: (v: number | null) => void;
  precision?: number;
  min?: number;
  max?: number;
}) {
  const [v, setV] = useState<number | null>(props.initial);
  return (
    <PlainNumberInput
      aria-label="Qty"
      value={v}
      precision={props.precision}
      min={props.min}
      max={props.max}
      onChange={(n) => {
        props.onChange(n);
        setV(n);
      }}
    />
  );
}

describe('PlainNumberInput (issue 20: booking numbers without antd InputNumber)', () => {
  it('parses numbers, null for empty, undefined for text that is no number', () => {
    expect(parseNumberText('120')).toBe(120);
    expect(parseNumberText(' 12.5 ')).toBe(12.5);
    expect(parseNumberText('-3')).toBe(-3);
    expect(parseNumberText('.5')).toBe(0.5);
    expect(parseNumberText('7.')).toBe(7);
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('  ')).toBeNull();
    for (const t of ['-', 'abc', '1e3', '1,5', '1.2.3', 'Infinity'])
      expect(parseNumberText(t)).toBeUndefined();
    expect(parseNumberText('2.6', 0)).toBe(3);
    expect(parseNumberText('1.005', 2)).toBe(1.01);
    expect(parseNumberText('-2.5', 0)).toBe(-3);
    expect(parseNumberText('-0.4', 0)).toBe(0);
    expect(numberText(3, 0)).toBe('3');
    expect(numberText(1.5)).toBe('1.5');
    expect(numberText(null)).toBe('');
  });

  it('gives each number typed, null when emptied, and keeps the value through text that is no number', () => {
    const onChange = vi.fn();
    render(<Held initial={1} onChange={onChange} precision={0} />);
    const input = screen.getByRole('spinbutton', { name: 'Qty' }) as HTMLInputElement;
    expect(input.value).toBe('1');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(input, { target: { value: '120' } });
    expect(onChange).toHaveBeenLastCalledWith(120);
    expect(input.getAttribute('aria-valuenow')).toBe('120');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
    onChange.mockClear();
    fireEvent.change(input, { target: { value: '-' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('-');
    fireEvent.blur(input);
    expect(input.value).toBe('');
  });

  it('rounds to the precision and shows the rounded value on blur', () => {
    const onChange = vi.fn();
    render(<Held initial={null} onChange={onChange} precision={0} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2.6' } });
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(input.value).toBe('2.6');
    fireEvent.blur(input);
    expect(input.value).toBe('3');
  });

  it('steps with the arrow keys within min and max', () => {
    const onChange = vi.fn();
    render(<Held initial={null} onChange={onChange} precision={0} min={1} max={3} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    expect(input.getAttribute('aria-valuemin')).toBe('1');
    expect(input.getAttribute('aria-valuemax')).toBe('3');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('3');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('shows a value set from outside', () => {
    const { rerender } = render(<PlainNumberInput aria-label="Qty" value={5} onChange={() => {}} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    expect(input.value).toBe('5');
    rerender(<PlainNumberInput aria-label="Qty" value={null} onChange={() => {}} />);
    expect(input.value).toBe('');
    rerender(<PlainNumberInput aria-label="Qty" value={12} onChange={() => {}} disabled />);
    expect(input.value).toBe('12');
    expect(input.disabled).toBe(true);
  });
});
