// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackHost } from './feedback-host';
import { message, modal, notification, resetFeedback } from './feedback-store';

beforeEach(() => {
  vi.useFakeTimers();
  render(<FeedbackHost />);
});
afterEach(() => {
  act(() => resetFeedback());
  cleanup();
  vi.useRealTimers();
});

describe('useApp() toasts, notices and dialogs (without antd)', () => {
  it('shows a toast for its time, an error as an alert, and a keyed toast replaces the earlier one', () => {
    act(() => {
      message.success('Saved');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => {
      message.error({ content: 'Refused', duration: 10 });
    });
    expect(screen.getByRole('alert').textContent).toContain('Refused');
    act(() => vi.advanceTimersByTime(3_100));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Refused')).toBeTruthy();
    act(() => {
      message.open({ key: 'x', type: 'loading', content: 'Exporting', duration: 0 });
    });
    act(() => {
      message.open({ key: 'x', type: 'success', content: 'Exported', duration: 3 });
    });
    expect(screen.queryByText('Exporting')).toBeNull();
    expect(screen.getByText('Exported')).toBeTruthy();
  });

  it('keeps a toast while the pointer is on it', () => {
    act(() => {
      message.info('Read me');
    });
    fireEvent.mouseEnter(screen.getByText('Read me').parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Read me')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByText('Read me').parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(3_100));
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('a notice has its title, its attributes and a close button; destroy(key) removes it', () => {
    const onClose = vi.fn();
    act(() => {
      notification.error({
        key: 'n',
        title: 'Cannot register',
        description: 'Taken',
        duration: 0,
        props: { 'data-testid': 'notice' },
        onClose,
      });
    });
    const notice = screen.getByTestId('notice');
    expect(notice.textContent).toContain('Taken');
    expect(screen.getByRole('region', { name: 'Cannot register' })).toBe(notice);
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
    act(() => {
      notification.info({ key: 'm', title: 'Later', duration: 0 });
    });
    act(() => notification.destroy('m'));
    expect(screen.queryByText('Later')).toBeNull();
  });

  it('a confirmation names its dialog, calls onCancel on Cancel or Esc and onOk on OK', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    act(() => {
      modal.confirm({
        title: 'Delete?',
        content: 'It cannot be undone.',
        okText: 'Delete',
        okButtonProps: { danger: true, 'data-testid': 'del-ok' },
        onOk,
        onCancel,
      });
    });
    const dialog = screen.getByRole('dialog', { name: 'Delete?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('del-ok'));
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      modal.confirm({ title: 'Again?', onOk, onCancel });
    });
    // Esc does not reach a window listener (antd's drawer under the dialog closes on one)
    const underneath = vi.fn();
    window.addEventListener('keydown', underneath);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    window.removeEventListener('keydown', underneath);
    expect(underneath).not.toHaveBeenCalled();
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);

    act(() => {
      modal.confirm({ title: 'Go?', onOk });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    });
    expect(onOk).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an onOk promise keeps the dialog open and busy until it settles; a rejection keeps it open', async () => {
    let settle: (ok: boolean) => void = () => {};
    act(() => {
      modal.confirm({
        title: 'Send?',
        onOk: () => new Promise((res, rej) => (settle = (ok) => (ok ? res(1) : rej(new Error('no'))))),
      });
    });
    const ok = screen.getByRole('button', { name: 'ok' });
    await act(async () => {
      fireEvent.click(ok);
    });
    expect(ok.getAttribute('aria-busy')).toBe('true');
    await act(async () => settle(false));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(ok.getAttribute('aria-busy')).toBeNull();
    await act(async () => {
      fireEvent.click(ok);
    });
    await act(async () => settle(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
