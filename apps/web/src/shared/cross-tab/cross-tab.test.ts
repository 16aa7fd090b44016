// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crossTabKey, onOtherTabSignal, signalOtherTabs } from './cross-tab';

/** What another tab's write looks like here: a storage event (the writing tab itself gets none). */
const fromOtherTab = (key: string, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));

afterEach(() => localStorage.clear());

describe('cross-tab signals', () => {
  it('writes one portal.* flag per kind, changed on every signal', () => {
    signalOtherTabs('sailing', { id: 7 });
    const first = localStorage.getItem('portal.signal.sailing');
    expect(JSON.parse(first ?? '{}')).toMatchObject({ id: 7 });
    signalOtherTabs('sailing', { id: 7 });
    expect(localStorage.getItem('portal.signal.sailing')).not.toBe(first);
  });

  it("calls the kind's listeners with the flag another tab wrote, and stops after unsubscribe", () => {
    const sailing = vi.fn();
    const token = vi.fn();
    const stop = onOtherTabSignal('sailing', sailing);
    onOtherTabSignal('cargoToken', token);
    fromOtherTab(crossTabKey('sailing'), JSON.stringify({ id: 'SO1', at: 1, nonce: 'a' }));
    expect(sailing).toHaveBeenCalledWith(expect.objectContaining({ id: 'SO1' }));
    expect(token).not.toHaveBeenCalled();
    // removal at logout is no signal; an unreadable flag still is
    fromOtherTab(crossTabKey('sailing'), null);
    fromOtherTab(crossTabKey('sailing'), 'not json');
    expect(sailing).toHaveBeenCalledTimes(2);
    stop();
    fromOtherTab(crossTabKey('sailing'), '{}');
    expect(sailing).toHaveBeenCalledTimes(2);
  });
});
