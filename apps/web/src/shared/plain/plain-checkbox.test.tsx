// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Form } from '../form/form';
import { PlainCheckbox } from './plain-checkbox';

afterEach(cleanup);

describe('PlainCheckbox (issue 20: a form check box without antd Checkbox)', () => {
  it('is a Form.Item control with valuePropName="checked": named by the label, ticking sets true', () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host({ disabled }: { disabled?: boolean }) {
      [form] = Form.useForm();
      return (
        <Form form={form} disabled={disabled} initialValues={{ is_dangerous: false }}>
          <Form.Item name="is_dangerous" label="Dangerous goods" valuePropName="checked">
            <PlainCheckbox />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />);
    const box = screen.getByLabelText('Dangerous goods') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(form.getFieldValue('is_dangerous')).toBe(true);
    expect(box.checked).toBe(true);
    cleanup();
    render(<Host disabled />);
    expect((screen.getByLabelText('Dangerous goods') as HTMLInputElement).disabled).toBe(true);
  });
});
