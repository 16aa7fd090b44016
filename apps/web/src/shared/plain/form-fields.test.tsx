// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Form } from '../form/form';
import { ChoiceField } from './form-fields';
import { FormSteps } from './form-steps';
import { CheckGroupField, CodeTagsField } from './multi-fields';

afterEach(cleanup);

let form!: ReturnType<typeof Form.useForm>[0];
function Host({ disabled, children }: { disabled?: boolean; children: React.ReactNode }) {
  [form] = Form.useForm();
  return (
    <Form form={form} disabled={disabled} initialValues={{ mode: 'SEA', codes: ['HKG'], offices: ['HKG'] }}>
      {children}
    </Form>
  );
}

describe('form-aware plain fields (issue 20: antd Select, tags and multiple selects without antd)', () => {
  it('ChoiceField is named by its label, sets the field, is disabled with the form and invalid with the item', async () => {
    const field = (
      <Form.Item name="mode" label="Mode" rules={[{ required: true, message: 'Pick one' }]}>
        <ChoiceField
          allowClear
          options={[
            { value: 'SEA', label: 'Sea' },
            { value: 'AIR', label: 'Air' },
          ]}
        />
      </Form.Item>
    );
    render(<Host>{field}</Host>);
    const select = screen.getByLabelText('Mode') as HTMLSelectElement;
    expect(select.value).toBe('SEA');
    fireEvent.change(select, { target: { value: 'AIR' } });
    expect(form.getFieldValue('mode')).toBe('AIR');
    fireEvent.change(select, { target: { value: '' } });
    await expect(form.validateFields()).rejects.toBeTruthy();
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    cleanup();
    render(<Host disabled>{field}</Host>);
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).disabled).toBe(true);
  });

  it('CodeTagsField adds on Enter, comma or space, keeps words with spaces when asked, caps at max, removes by a named button', () => {
    render(
      <Host>
        <Form.Item name="codes" label="Codes">
          <CodeTagsField max={4} removeLabel={(c) => `Remove ${c}`} data-testid="codes" />
        </Form.Item>
        <Form.Item name="tags" label="Tags">
          <CodeTagsField spaceSeparates={false} removeLabel={(c) => `Remove ${c}`} />
        </Form.Item>
      </Host>,
    );
    const codes = screen.getByLabelText('Codes');
    fireEvent.change(codes, { target: { value: 'SHA,' } });
    fireEvent.change(codes, { target: { value: 'NGB ' } });
    fireEvent.change(codes, { target: { value: 'HKG' } });
    fireEvent.keyDown(codes, { key: 'Enter' });
    // HKG was there: no second one.
    expect(form.getFieldValue('codes')).toEqual(['HKG', 'SHA', 'NGB']);
    fireEvent.change(codes, { target: { value: 'TAO XMN' } });
    fireEvent.keyDown(codes, { key: 'Enter' });
    expect(form.getFieldValue('codes')).toEqual(['HKG', 'SHA', 'NGB', 'TAO']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove SHA' }));
    expect(form.getFieldValue('codes')).toEqual(['HKG', 'NGB', 'TAO']);

    const tags = screen.getByLabelText('Tags');
    fireEvent.change(tags, { target: { value: 'export charges' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(form.getFieldValue('tags')).toEqual(['export charges']);
  });

  it('CheckGroupField is a named group of boxes giving the chosen values in the options order', () => {
    render(
      <Host>
        <Form.Item name="offices" label="Offices">
          <CheckGroupField
            aria-label="Offices"
            options={[
              { value: 'HKG', label: 'Hong Kong' },
              { value: 'SHA', label: 'Shanghai' },
              { value: 'NGB', label: 'Ningbo' },
            ]}
          />
        </Form.Item>
      </Host>,
    );
    expect(screen.getByRole('group', { name: 'Offices' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Ningbo'));
    fireEvent.click(screen.getByLabelText('Shanghai'));
    expect(form.getFieldValue('offices')).toEqual(['HKG', 'SHA', 'NGB']);
    fireEvent.click(screen.getByLabelText('Hong Kong'));
    expect(form.getFieldValue('offices')).toEqual(['SHA', 'NGB']);
  });

  it('FormSteps marks the current step for screen readers', () => {
    render(<FormSteps items={['Details', 'Password', 'Done']} current={1} data-testid="steps" />);
    const items = screen.getByTestId('steps').querySelectorAll('li');
    expect(items).toHaveLength(3);
    expect(items[1].getAttribute('aria-current')).toBe('step');
    expect(items[0].getAttribute('aria-current')).toBeNull();
  });
});
