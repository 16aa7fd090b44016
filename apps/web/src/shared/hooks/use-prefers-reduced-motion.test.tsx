// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/** A matchMedia whose answer the test flips, telling listeners as a browser would. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  window.matchMedia = ((media: string) => ({
    get matches() {
      return matches;
    },
    media,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      matches = next;
      for (const l of listeners) l();
    },
  };
}

function Probe() {
  return <span data-testid="probe">{usePrefersReducedMotion() ? 'reduce' : 'motion'}</span>;
}

describe('usePrefersReducedMotion', () => {
  afterEach(cleanup);

  it('follows the system setting while the page is open', () => {
    const media = fakeMatchMedia(false);
    const { getByTestId } = render(<Probe />);
    expect(getByTestId('probe').textContent).toBe('motion');
    act(() => media.set(true));
    expect(getByTestId('probe').textContent).toBe('reduce');
    act(() => media.set(false));
    expect(getByTestId('probe').textContent).toBe('motion');
  });
});
