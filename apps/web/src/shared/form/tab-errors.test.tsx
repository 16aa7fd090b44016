// @vitest-environment jsdom
import '../testing/antd-jsdom';

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input, Tabs } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Form } from './form';
import { type TabErrors, useTabErrors } from './tab-errors';

afterEach(cleanup);

let api: TabErrors | null = null;
let validate: () => Promise<unknown> = async () => undefined;

/** Two tabs: `a` with one required field, `b` with two; starts on `a`. */
function TabbedForm() {
  const [form] = Form.useForm();
  const [tab, setTab] = useState('a');
  const tabErrors = useTabErrors(form, { fieldTab: { one: 'a', two: 'b', three: 'b' }, setTab });
  api = tabErrors;
  validate = () => form.validateFields();
  const field = (name: string) => (
    <Form.Item name={name} label={name} rules={[{ required: true, message: `${name} needed` }]}>
      <Input data-testid={`field-${name}`} />
    </Form.Item>
  );
  return (
    <Form form={form} onFieldsChange={tabErrors.onFieldsChange} initialValues={{ one: 'x' }}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'a', label: tabErrors.label('a', 'A', 'tab-a'), children: field('one'), forceRender: true },
          {
            key: 'b',
            label: tabErrors.label('b', 'B', 'tab-b'),
            children: (
              <>
                {field('two')}
                {field('three')}
              </>
            ),
            forceRender: true,
          },
        ]}
      />
    </Form>
  );
}

describe('useTabErrors', () => {
  it('badges the tabs holding errors, opens the first and focuses its field, and clears as fields are fixed', async () => {
    render(<TabbedForm />);
    expect(screen.queryByTestId('tab-b-errors')).toBeNull();

    await act(async () => {
      await validate().catch(() => api?.showErrors());
    });
    await waitFor(() => expect(screen.getByTestId('tab-b').getAttribute('data-errors')).toBe('2'));
    expect(screen.getByTestId('tab-a').getAttribute('data-errors')).toBeNull();
    expect(api?.counts).toEqual({ b: 2 });
    // Tab b is open and its first errored field has the focus.
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('B');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('field-two')));

    // Correcting one field takes one off the badge.
    act(() => {
      fireEvent.change(screen.getByTestId('field-two'), { target: { value: 'filled' } });
    });
    await waitFor(() => expect(screen.getByTestId('tab-b').getAttribute('data-errors')).toBe('1'));
  }, 20_000);
});
