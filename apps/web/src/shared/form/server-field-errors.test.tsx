// @vitest-environment jsdom
import '../testing/antd-jsdom';

import type { TFieldError } from '@portal/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input, Tabs } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { Form } from './form';
import { useServerFieldErrors } from './server-field-errors';

afterEach(cleanup);

/** An invoice-like form: header tab with `sub_type`, lines tab with `lines.0.tax_code`; starts on lines. */
function StepForm({ error }: { error: unknown }) {
  const [form] = Form.useForm();
  const [tab, setTab] = useState('lines');
  const errors = useServerFieldErrors(form, {
    fieldTab: (name) => (name[0] === 'lines' ? 'lines' : 'header'),
    setTab,
  });
  const [result, setResult] = useState('');
  return (
    <>
      <button
        type="button"
        data-testid="apply"
        onClick={() => setResult(JSON.stringify(errors.apply(error)))}
      >
        apply
      </button>
      <output data-testid="result">{result}</output>
      <Form
        form={form}
        onFieldsChange={errors.onFieldsChange}
        initialValues={{ sub_type: '', lines: [{ tax_code: '' }] }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'header',
              label: errors.label('header', 'Header', 'tab-header'),
              forceRender: true,
              children: (
                <Form.Item name="sub_type" label="Sub-type">
                  <Input data-testid="sub_type" />
                </Form.Item>
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

const refusal = (details: TFieldError[]) =>
  new ApiError(422, { msgKey: 'msgInvoiceRequiredForStep', details });

describe('useServerFieldErrors', () => {
  it("puts a step refusal's fields on the form, badges their tabs, opens the first one's tab and focuses it", async () => {
    const error = refusal([
      { field: 'sub_type', msgKey: 'msgFieldRequired' },
      { field: 'lines.0.tax_code', msgKey: 'msgFieldRequired' },
      { field: 'nowhere', msgKey: 'msgFieldRequired' },
    ]);
    render(<StepForm error={error} />);
    act(() => {
      fireEvent.click(screen.getByTestId('apply'));
    });
    const result = JSON.parse(screen.getByTestId('result').textContent ?? '{}');
    expect(result.placed.map((d: TFieldError) => d.field)).toEqual(['sub_type', 'lines.0.tax_code']);
    expect(result.unmatched.map((d: TFieldError) => d.field)).toEqual(['nowhere']);
    await waitFor(() => expect(screen.getByTestId('tab-header').getAttribute('data-errors')).toBe('1'));
    expect(screen.getByTestId('tab-lines').getAttribute('data-errors')).toBe('1');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Header');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('sub_type')));
  }, 20_000);

  it('leaves the form alone when the error names no field', () => {
    render(<StepForm error={new ApiError(409, { msgKey: 'msgRecordNotLatest' })} />);
    act(() => {
      fireEvent.click(screen.getByTestId('apply'));
    });
    expect(JSON.parse(screen.getByTestId('result').textContent ?? '{}')).toEqual({
      placed: [],
      unmatched: [],
    });
    expect(screen.getByTestId('tab-header').getAttribute('data-errors')).toBeNull();
  });
});
