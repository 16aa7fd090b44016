// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusPanel } from '../keyboard/detail-shortcuts';
import { PlainCollapse } from './plain-collapse';

afterEach(cleanup);

const items = [
  { key: 'a', label: 'Sailings', children: <input aria-label="Vessel" defaultValue="EVER GIVEN" /> },
  { key: 'b', label: 'History', extra: <span>3</span>, children: <p>changes</p> },
];

describe('PlainCollapse (issue 20: panels without antd Collapse)', () => {
  it('opens the default panels; a header button toggles its region, which stays rendered while closed', () => {
    render(<PlainCollapse items={items} defaultOpen={['a']} data-testid="panels" />);
    const sailings = screen.getByRole('button', { name: 'Sailings' });
    const history = screen.getByRole('button', { name: 'History' });
    expect(sailings.getAttribute('aria-expanded')).toBe('true');
    expect(history.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('region', { name: 'Sailings' })).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    fireEvent.click(sailings);
    expect(sailings.getAttribute('aria-expanded')).toBe('false');
    const vessel = screen.getByLabelText('Vessel') as HTMLInputElement;
    expect(vessel.value).toBe('EVER GIVEN');
    expect(vessel.closest('section')?.hidden).toBe(true);
    fireEvent.click(history);
    expect(screen.getByText('changes').closest('section')?.hidden).toBe(false);
  });

  it('takes part in the detail shortcuts: ctrl+alt+down moves to the next header', () => {
    render(<PlainCollapse items={items} data-testid="panels" />);
    const root = screen.getByTestId('panels');
    expect(focusPanel(root, 1)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sailings' }));
    screen.getByLabelText('Vessel').focus();
    focusPanel(root, 1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'History' }));
  });
});
