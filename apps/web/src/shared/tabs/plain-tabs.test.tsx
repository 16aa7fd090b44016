// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainTabs } from './plain-tabs';

afterEach(cleanup);

function Harness() {
  const [tab, setTab] = useState('a');
  return (
    <PlainTabs
      id="t"
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'a', label: 'Alpha', children: <input aria-label="alpha field" /> },
        { key: 'b', label: 'Beta', children: <p>beta body</p> },
        { key: 'c', label: 'Gamma', children: <input aria-label="gamma field" />, forceRender: true },
      ]}
    />
  );
}

describe('PlainTabs (issue 20: tabs without antd)', () => {
  it('names panels by their tabs, renders a panel on first visit and keeps it, forceRender just after', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    // A form panel is not part of the first render (the open panel shows without waiting for it)…
    expect(screen.queryByLabelText('gamma field')).toBeNull();
    // …and mounts, hidden, right after it.
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    vi.useRealTimers();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha.getAttribute('aria-selected')).toBe('true');
    expect(alpha.getAttribute('aria-controls')).toBe('t-panel-a');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toBeTruthy();
    // Not visited yet: not rendered. A form panel: present, hidden.
    expect(screen.queryByText('beta body')).toBeNull();
    expect(screen.getByLabelText('gamma field').closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('alpha field'), { target: { value: 'typed' } });
    act(() => screen.getByRole('tab', { name: 'Beta' }).click());
    expect(screen.getByText('beta body')).toBeTruthy();
    // The first panel stays, hidden, with what was typed.
    const alphaField = screen.getByLabelText('alpha field') as HTMLInputElement;
    expect(alphaField.value).toBe('typed');
    expect(alphaField.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true);
  });

  it('moves with the arrows, Home and End (and focuses the tab), but leaves ctrl+alt+arrows alone', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    screen.getByRole('tab', { name: 'Alpha' }).focus();
    act(() => {
      fireEvent.keyDown(list, { key: 'ArrowRight' });
    });
    expect(screen.getByRole('tab', { name: 'Beta' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Beta');
    expect(screen.getByRole('tab', { name: 'Beta' }).tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Alpha' }).tabIndex).toBe(-1);
    act(() => {
      fireEvent.keyDown(list, { key: 'End' });
    });
    expect(document.activeElement?.textContent).toBe('Gamma');
    act(() => {
      fireEvent.keyDown(list, { key: 'ArrowLeft', ctrlKey: true, altKey: true });
    });
    expect(screen.getByRole('tab', { name: 'Gamma' }).getAttribute('aria-selected')).toBe('true');
    act(() => {
      fireEvent.keyDown(list, { key: 'Home' });
    });
    expect(screen.getByRole('tab', { name: 'Alpha' }).getAttribute('aria-selected')).toBe('true');
  });
});
