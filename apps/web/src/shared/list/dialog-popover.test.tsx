// @vitest-environment jsdom
import '../testing/antd-jsdom';

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../button';
import { DialogPopover } from './dialog-popover';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <DialogPopover
        title="Columns"
        open={open}
        onOpenChange={setOpen}
        content={
          <div>
            <button type="button">first</button>
            <button type="button">last</button>
          </div>
        }
      >
        <Button data-testid="opener">Columns</Button>
      </DialogPopover>
    </ConfigProvider>
  );
}

describe('DialogPopover (issue 20: popovers as focus-managed dialogs)', () => {
  it('is a named dialog that takes the focus, keeps Tab inside and gives the focus back on Esc', async () => {
    render(<Harness />);
    const opener = screen.getByTestId('opener');
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    opener.focus();
    await act(async () => {
      fireEvent.click(opener);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(opener.getAttribute('aria-controls')).toBe(dialog.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('first')));

    // Tab on the last control wraps to the first; Shift+Tab on the first to the last.
    screen.getByText('last').focus();
    fireEvent.keyDown(screen.getByText('last'), { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByText('first'));
    fireEvent.keyDown(screen.getByText('first'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByText('last'));

    await act(async () => {
      fireEvent.keyDown(screen.getByText('last'), { key: 'Escape' });
    });
    await waitFor(() => expect(opener.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab on the dialog while its content has nothing to focus yet (content still loading)', async () => {
    function Loading() {
      const [open, setOpen] = useState(false);
      return (
        <ConfigProvider theme={{ token: { motion: false } }}>
          <DialogPopover title="Columns" open={open} onOpenChange={setOpen} content={<span>Loading</span>}>
            <Button data-testid="opener">Columns</Button>
          </DialogPopover>
        </ConfigProvider>
      );
    }
    render(<Loading />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('opener'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    dialog.dispatchEvent(tab);
    // The browser would move the focus out of the dialog unless the key's default is prevented.
    expect(tab.defaultPrevented).toBe(true);
  });

  it('closes on a press outside, not on a press in a pop-up its controls opened (a select list)', async () => {
    render(
      <>
        <Harness />
        <div className="ant-select-dropdown">
          <span data-testid="option">an option</span>
        </div>
        <p data-testid="outside">elsewhere</p>
      </>,
    );
    const opener = screen.getByTestId('opener');
    await act(async () => {
      fireEvent.click(opener);
    });
    expect(screen.getByRole('dialog', { name: 'Columns' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('option'));
    expect(screen.queryByRole('dialog')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(screen.getByTestId('outside'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the focus where the user types when its owner re-renders with a new callback', async () => {
    function Typing() {
      const [open, setOpen] = useState(false);
      const [text, setText] = useState('');
      return (
        <DialogPopover
          title="Filter"
          open={open}
          // A new function on every render, as the custom filter passes.
          onOpenChange={(next) => setOpen(next)}
          content={
            <div>
              <button type="button">first</button>
              <input aria-label="value" value={text} onChange={(e) => setText(e.target.value)} />
            </div>
          }
        >
          <Button data-testid="opener">Filter</Button>
        </DialogPopover>
      );
    }
    render(<Typing />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('opener'));
    });
    const input = screen.getByLabelText('value');
    input.focus();
    await act(async () => {
      fireEvent.change(input, { target: { value: 'a' } });
    });
    await act(async () => {
      fireEvent.change(input, { target: { value: 'ab' } });
    });
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('ab');
  });
});
