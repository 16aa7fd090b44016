// @vitest-environment jsdom
import '../testing/antd-jsdom';

import type { TFieldError } from '@portal/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Input, Tabs } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { ErrorSummary } from './error-summary';
import { Form } from './form';
import { useServerFieldErrors } from './server-field-errors';

afterEach(cleanup);

const LABELS: Record<string, string> = {
  carrier_code: 'Carrier',
  voyage: 'Voyage',
  'lines.0.tax_code': 'Line 1 tax code',
  nowhere: 'Elsewhere',
};

/** A booking-like form: the header tab holds carrier and voyage, the lines tab a tax code; starts on lines. */
function StepForm({ error, required = 0 }: { error: unknown; required?: number }) {
  const [form] = Form.useForm();
  const [tab, setTab] = useState('lines');
  const errors = useServerFieldErrors(form, {
    fieldTab: (name) => (name[0] === 'lines' ? 'lines' : 'header'),
    setTab,
  });
  return (
    <>
      <button type="button" data-testid="apply" onClick={() => errors.apply(error)}>
        apply
      </button>
      <button
        type="button"
        data-testid="validate"
        onClick={() => void form.validateFields().catch(() => errors.showSummary())}
      >
        validate
      </button>
      <ErrorSummary errors={errors} title="Confirm needs these fields:" fieldLabel={(f) => LABELS[f] ?? f} />
      <Form
        form={form}
        onFieldsChange={errors.onFieldsChange}
        initialValues={{ carrier_code: '', voyage: '', lines: [{ tax_code: '' }] }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'header',
              label: errors.label('header', 'Header', 'tab-header', { required }),
              forceRender: true,
              children: (
                <>
                  <Form.Item
                    name="carrier_code"
                    label="Carrier"
                    rules={[{ required: true, message: 'Required' }]}
                  >
                    <Input data-testid="carrier_code" />
                  </Form.Item>
                  <Form.Item name="voyage" label="Voyage" rules={[{ required: true, message: 'Required' }]}>
                    <Input data-testid="voyage" />
                  </Form.Item>
                </>
              ),
            },
            {
              key: 'lines',
              label: errors.label('lines', 'Lines', 'tab-lines'),
              forceRender: true,
              children: (
                <Form.Item name={['lines', 0, 'tax_code']} label="Tax code">
                  <Input data-testid="tax_code" />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </>
  );
}

const refusal = (details: TFieldError[]) => new ApiError(400, { msgKey: 'msgValidationFailed', details });

const click = (testId: string) =>
  act(() => {
    fireEvent.click(screen.getByTestId(testId));
  });

describe('ErrorSummary', () => {
  it("lists a refusal's fields as links, leads to the first, and a link opens its field's tab and focuses it", async () => {
    render(
      <StepForm
        error={refusal([
          { field: 'carrier_code', msgKey: 'msgFieldRequired' },
          { field: 'voyage', msgKey: 'msgFieldRequired' },
          { field: 'lines.0.tax_code', msgKey: 'msgFieldRequired' },
          { field: 'nowhere', msgKey: 'msgFieldRequired' },
        ])}
      />,
    );
    expect(screen.queryByTestId('error-summary')).toBeNull();
    click('apply');
    const summary = await screen.findByTestId('error-summary');
    expect(summary.getAttribute('role')).toBe('alert');
    expect(summary.textContent).toContain('Confirm needs these fields:');
    // In the form's order, each a link to its control; the problem no field shows is listed without one.
    const items = within(summary).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-field'))).toEqual([
      'carrier_code',
      'voyage',
      'lines.0.tax_code',
      'nowhere',
    ]);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Carrier', 'Voyage', 'Line 1 tax code']);
    expect(screen.getByTestId('error-summary-link-carrier_code').getAttribute('href')).toBe('#carrier_code');
    // The first field is focused, on its tab; both tabs count their errors.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('carrier_code')));
    expect(screen.getByTestId('tab-header').getAttribute('data-errors')).toBe('2');
    expect(screen.getByTestId('tab-lines').getAttribute('data-errors')).toBe('1');

    // A link on another tab opens that tab and puts the cursor in the field.
    click('error-summary-link-lines.0.tax_code');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('tax_code')));
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Lines');
  }, 20_000);

  it('drops a corrected field from the list and closes with the last one', async () => {
    render(<StepForm error={refusal([{ field: 'carrier_code', msgKey: 'msgFieldRequired' }])} />);
    click('apply');
    await screen.findByTestId('error-summary');
    // The user types a carrier: antd clears the field's error, the summary follows.
    await act(async () => {
      fireEvent.change(screen.getByTestId('carrier_code'), { target: { value: 'MAEU' } });
    });
    await waitFor(() => expect(screen.queryByTestId('error-summary')).toBeNull());
  }, 20_000);

  it("summarises the form's own check too, and says nothing for an error that names no field", async () => {
    render(<StepForm error={new ApiError(409, { msgKey: 'msgRecordNotLatest' })} />);
    click('apply');
    expect(screen.queryByTestId('error-summary')).toBeNull();
    click('validate');
    const summary = await screen.findByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Carrier', 'Voyage']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('carrier_code')));
  }, 20_000);

  it('marks a tab with required fields still empty, until it holds errors', async () => {
    render(<StepForm error={refusal([{ field: 'voyage', msgKey: 'msgFieldRequired' }])} required={2} />);
    expect(screen.getByTestId('tab-header').getAttribute('data-required')).toBe('2');
    expect(screen.getByTestId('tab-header-required').textContent).toBe('*2');
    expect(screen.getByTestId('tab-lines').getAttribute('data-required')).toBeNull();
    click('apply');
    await waitFor(() => expect(screen.getByTestId('tab-header').getAttribute('data-errors')).toBe('1'));
    expect(screen.queryByTestId('tab-header-required')).toBeNull();
  }, 20_000);
});
