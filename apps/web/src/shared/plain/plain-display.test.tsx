// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Form } from '../form/form';
import { PlainAlert } from './plain-alert';
import { PlainDivider } from './plain-divider';
import { PlainFacts } from './plain-facts';
import { PlainRadioGroup } from './plain-radio-group';

afterEach(cleanup);

describe('plain display pieces (issue 20: antd Alert, Divider, Descriptions and Radio.Group without antd)', () => {
  it('PlainAlert announces errors and warnings, and is a polite status otherwise', () => {
    render(
      <>
        <PlainAlert type="error" title="Could not save" description="Try again" data-testid="a" />
        <PlainAlert type="info" message="Saved drafts are kept" data-testid="b" />
      </>,
    );
    expect(screen.getByTestId('a').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('a').textContent).toBe('Could not saveTry again');
    expect(screen.getByTestId('b').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('b').className).toContain('plain-alert--info');
  });

  it('PlainDivider with a title is a heading; without one a separator', () => {
    render(
      <>
        <PlainDivider data-testid="t">Address</PlainDivider>
        <PlainDivider data-testid="r" />
      </>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Address' })).toBeTruthy();
    expect(screen.getByTestId('r').tagName).toBe('HR');
  });

  it('PlainFacts is a description list of label and value', () => {
    render(
      <PlainFacts
        data-testid="facts"
        items={[
          { key: 'a', label: 'Created by', children: 'ops' },
          { key: 'b', label: 'Updated', children: '2026-11-25', span: 2 },
        ]}
      />,
    );
    const dl = screen.getByTestId('facts');
    expect(dl.tagName).toBe('DL');
    expect([...dl.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Created by', 'Updated']);
    expect(dl.querySelectorAll('dd')[1].textContent).toBe('2026-11-25');
  });

  it('PlainRadioGroup is a Form.Item control: the value picks the radio, a press sets the field, the form disables it', () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host({ disabled }: { disabled?: boolean }) {
      [form] = Form.useForm();
      return (
        <Form form={form} disabled={disabled} initialValues={{ status: 'ACTIVE' }}>
          <Form.Item name="status" label="Status">
            <PlainRadioGroup
              aria-label="Status"
              optionType="button"
              options={[
                { value: 'ACTIVE', label: 'Active' },
                { value: 'INACTIVE', label: 'Inactive' },
              ]}
            />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />);
    const group = screen.getByRole('radiogroup', { name: 'Status' });
    expect(group.id).toBe('status');
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Inactive'));
    expect(form.getFieldValue('status')).toBe('INACTIVE');
    expect((screen.getByLabelText('Inactive') as HTMLInputElement).checked).toBe(true);
    cleanup();
    render(<Host disabled />);
    expect((screen.getByLabelText('Active') as HTMLInputElement).disabled).toBe(true);
  });
});
