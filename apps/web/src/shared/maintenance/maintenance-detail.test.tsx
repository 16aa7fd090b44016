// @vitest-environment jsdom
import '../testing/antd-jsdom';

import type { UseQueryResult } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Input } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Form } from '../form/form';
import { MaintenanceDetail } from './maintenance-detail';

afterEach(cleanup);

interface Thing {
  id: number;
  name: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  version: number;
}
const thing: Thing = {
  id: 7,
  name: 'Seven',
  created_at: '2026-01-01T00:00:00Z',
  created_by: 'a',
  updated_at: '2026-01-02T00:00:00Z',
  updated_by: 'b',
  version: 3,
};
const query = { data: thing, error: null, isFetching: false } as unknown as UseQueryResult<Thing>;

function renderDetail(readOnly: boolean) {
  return render(
    <MemoryRouter>
      <>
        <MaintenanceDetail<Thing, { name: string }, { name: string }>
          id={7}
          testId="thing"
          listPath="/things"
          pathOf={(id) => `/things/${id}`}
          idOf={(r) => r.id}
          query={query}
          create={async () => thing}
          update={async () => thing}
          saving={false}
          readOnly={readOnly}
          toFormValues={(r) => ({ name: r?.name ?? '' })}
          toRequest={(v) => ({ name: String(v.name ?? '') })}
          title={(r) => r?.name ?? 'New'}
          createdText={() => 'created'}
          savedText={() => 'saved'}
          renderForm={({ form, onValuesChange, disabled }) => (
            <Form form={form} disabled={disabled} onValuesChange={onValuesChange}>
              <Form.Item name="name">
                <Input data-testid="thing-name" />
              </Form.Item>
            </Form>
          )}
          renderHistory={() => <div>history entries</div>}
        />
      </>
    </MemoryRouter>,
  );
}

describe('MaintenanceDetail', () => {
  it('shows the record with a Save button to a user who may change it', async () => {
    const r = renderDetail(false);
    expect(await r.findByTestId('thing-save')).toBeTruthy();
    // Once the record is shown (its created/updated line), the fields are enabled.
    expect(await r.findByTestId('thing-meta')).toBeTruthy();
    expect((r.getByTestId('thing-name') as HTMLInputElement).disabled).toBe(false);
    expect(r.queryByTestId('thing-read-only')).toBeNull();
  });

  it('in read-only mode has no Save button and disabled fields, and still shows the history', async () => {
    const r = renderDetail(true);
    expect(await r.findByTestId('thing-read-only')).toBeTruthy();
    expect(r.queryByTestId('thing-save')).toBeNull();
    const name = r.getByTestId('thing-name') as HTMLInputElement;
    expect(name.value).toBe('Seven');
    expect(name.disabled).toBe(true);
    // ctrl+alt+right moves to the History tab (DetailShortcutsArea around the screen).
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true, altKey: true });
    });
    expect(r.getByText('history entries')).toBeTruthy();
  });
});
