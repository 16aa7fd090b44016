// @vitest-environment jsdom
import '../testing/antd-jsdom';

import { act, cleanup, render } from '@testing-library/react';
import { Modal } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { afterEach, describe, expect, it } from 'vitest';
import AntdProviders from './antd-providers';

afterEach(cleanup);

/** The browser's answer to `prefers-reduced-motion: reduce`. */
function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((media: string) => ({
    matches: media.includes('prefers-reduced-motion') ? reduce : false,
    media,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as unknown as typeof window.matchMedia;
}

function dialog(open: boolean) {
  return (
    <AntdProviders locale={enUS}>
      <Modal open={open} title="Confirm" data-testid="dialog">
        body
      </Modal>
    </AntdProviders>
  );
}

/** Whether the dialog is still on screen (a leaving dialog stays until its animation ends). */
const dialogShown = () => {
  const wrap = document.querySelector<HTMLElement>('.ant-modal-wrap');
  return !!wrap && wrap.style.display !== 'none';
};

describe('AntdProviders and reduced motion', () => {
  it('closes a dialog at once when the browser prefers reduced motion', async () => {
    prefersReducedMotion(true);
    const { rerender } = render(dialog(true));
    await act(async () => {});
    expect(dialogShown()).toBe(true);
    rerender(dialog(false));
    await act(async () => {});
    expect(dialogShown()).toBe(false);
  });

  it('animates the dialog out otherwise', async () => {
    prefersReducedMotion(false);
    const { rerender } = render(dialog(true));
    await act(async () => {});
    rerender(dialog(false));
    await act(async () => {});
    expect(dialogShown()).toBe(true);
  });
});
