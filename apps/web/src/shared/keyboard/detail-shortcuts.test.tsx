// @vitest-environment jsdom
import '../testing/antd-jsdom';

import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Collapse, Tabs } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { stepIndex } from './detail-shortcuts';
import { DetailShortcutsArea } from './detail-shortcuts-area';

afterEach(cleanup);

const key = (k: string) => fireEvent.keyDown(window, { key: k, ctrlKey: true, altKey: true });

describe('detail screen shortcuts', () => {
  it('steps inside the list without wrapping', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(2);
    expect(stepIndex(0, 3, -1)).toBe(0);
    expect(stepIndex(-1, 3, 1)).toBe(0);
    expect(stepIndex(-1, 3, -1)).toBe(2);
    expect(stepIndex(0, 0, 1)).toBe(-1);
  });

  it('ctrl+alt+right/left switch tabs and ctrl+alt+down/up move between panels', () => {
    const { getAllByRole, getByText } = render(
      <DetailShortcutsArea>
        <Tabs
          items={[
            {
              key: 'a',
              label: 'Tab A',
              children: (
                <Collapse
                  items={[
                    { key: '1', label: 'Panel 1', children: 'one' },
                    { key: '2', label: 'Panel 2', children: 'two' },
                  ]}
                />
              ),
            },
            { key: 'b', label: 'Tab B', children: 'b content' },
          ]}
        />
      </DetailShortcutsArea>,
    );
    const selected = () =>
      getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
    expect(selected()).toContain('Tab A');

    act(() => key('ArrowDown'));
    expect(document.activeElement?.textContent).toContain('Panel 1');
    act(() => key('ArrowDown'));
    expect(document.activeElement?.textContent).toContain('Panel 2');
    act(() => key('ArrowUp'));
    expect(document.activeElement?.textContent).toContain('Panel 1');

    act(() => key('ArrowRight'));
    expect(selected()).toContain('Tab B');
    expect(getByText('b content')).toBeTruthy();
    act(() => key('ArrowLeft'));
    expect(selected()).toContain('Tab A');
  });
});
