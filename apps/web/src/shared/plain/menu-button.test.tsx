// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuButton } from './menu-button';

afterEach(cleanup);

const ITEMS = [
  { key: 'en-US', label: 'English' },
  { key: 'zh-HK', label: '繁體中文', current: true },
  { key: 'zh-CN', label: '简体中文' },
];

describe('MenuButton (the shell header without antd Dropdown, issue 20)', () => {
  it('opens on ArrowDown with the current item focused, moves with the arrows and closes on Esc', () => {
    render(<MenuButton label="Language" aria-label="Language" items={ITEMS} onSelect={() => {}} />);
    const button = screen.getByRole('button', { name: 'Language' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    act(() => {
      fireEvent.keyDown(button, { key: 'ArrowDown' });
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Language' });
    expect(document.activeElement?.textContent).toBe('繁體中文');
    expect(document.activeElement?.getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('简体中文');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('English');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('简体中文');
    act(() => {
      fireEvent.keyDown(menu, { key: 'Escape' });
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('chooses with Enter or a click, closes and gives the focus back to the button', () => {
    const onSelect = vi.fn();
    render(<MenuButton label="Language" aria-label="Language" items={ITEMS} onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: 'Language' });
    act(() => {
      fireEvent.click(button);
    });
    const items = screen.getAllByRole('menuitem');
    expect(items).toHaveLength(3);
    act(() => {
      fireEvent.keyDown(items[0], { key: 'Enter' });
    });
    expect(onSelect).toHaveBeenLastCalledWith('en-US');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    act(() => {
      fireEvent.click(button);
    });
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '简体中文' }));
    });
    expect(onSelect).toHaveBeenLastCalledWith('zh-CN');
  });

  it('closes on a press outside it', () => {
    render(
      <div>
        <MenuButton label="Language" aria-label="Language" items={ITEMS} onSelect={() => {}} />
        <p>elsewhere</p>
      </div>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    });
    expect(screen.getByRole('menu')).toBeTruthy();
    act(() => {
      fireEvent.pointerDown(screen.getByText('elsewhere'));
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is placed by Floating UI: fixed to the window, not offset by CSS inside the header', () => {
    render(<MenuButton label="Language" aria-label="Language" items={ITEMS} onSelect={() => {}} />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    });
    expect(screen.getByRole('menu').style.position).toBe('fixed');
  });
});
