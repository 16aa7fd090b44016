// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SoPicker } from './so-picker';

// Keys stand for the texts (the catalogues load per language and would suspend the render).
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string) => k, i18n: { language: 'en-US' } }),
}));

afterEach(cleanup);

function Harness({ initial = [], max = 10 }: { initial?: string[]; max?: number }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <SoPicker value={value} onChange={setValue} max={max} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const input = () => screen.getByTestId('compare-so-input') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('SoPicker (issue 20: the SO numbers of /BMS/compareso without antd)', () => {
  it('adds numbers typed with a separator or Enter, once each, and keeps the rest typed', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'SO1,SO2 SO3' } });
    expect(value()).toBe('SO1,SO2');
    expect(input().value).toBe('SO3');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(value()).toBe('SO1,SO2,SO3');
    expect(input().value).toBe('');
    fireEvent.change(input(), { target: { value: 'SO1 ' } });
    expect(value()).toBe('SO1,SO2,SO3');
  });

  it('adds a pasted list; Backspace in the empty input and the remove buttons take numbers off', () => {
    render(<Harness />);
    fireEvent.paste(input(), { clipboardData: { getData: () => 'SO7\nSO8, SO9' } });
    expect(value()).toBe('SO7,SO8,SO9');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(value()).toBe('SO7,SO8');
    fireEvent.click(screen.getByTestId('compare-so-remove-SO7'));
    expect(value()).toBe('SO8');
  });

  it('takes no more than the most allowed', () => {
    render(<Harness initial={['A1', 'A2']} max={3} />);
    fireEvent.change(input(), { target: { value: 'A3,A4,' } });
    expect(value()).toBe('A1,A2,A3');
    expect(input().readOnly).toBe(true);
  });
});
