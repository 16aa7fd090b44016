// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { Form } from '../form/form';
import { PlainPasswordInput, PlainTextArea, PlainTextInput } from './plain-text-input';

afterEach(cleanup);

describe('PlainTextInput / PlainTextArea (issue 20: form text without antd Input)', () => {
  it('works as a Form.Item control: the label names it, typing sets the value, an error marks it', async () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ seal: null }}>
          <Form.Item name="seal" label="Seal no." rules={[{ required: true, message: 'Required' }]}>
            <PlainTextInput maxLength={30} />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />);
    const input = screen.getByLabelText('Seal no.') as HTMLInputElement;
    expect(input.value).toBe('');
    await expect(form.validateFields()).rejects.toBeTruthy();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(input, { target: { value: 'SL-1' } });
    expect(form.getFieldValue('seal')).toBe('SL-1');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it("follows the Form's disabled unless a panel turns it back on", () => {
    render(
      <Form disabled>
        <PlainTextInput aria-label="Name" />
        <ConfigProvider componentDisabled={false}>
          <PlainTextArea aria-label="Remark" />
        </ConfigProvider>
        <PlainTextInput aria-label="Own" disabled={false} />
      </Form>,
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Remark') as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByLabelText('Own') as HTMLInputElement).disabled).toBe(false);
  });

  it('counts what is typed against maxLength when asked', () => {
    render(<PlainTextArea aria-label="Reason" value="abc" maxLength={1000} showCount onChange={() => {}} />);
    expect(screen.getByText('3 / 1000')).toBeTruthy();
  });

  it('PlainPasswordInput hides the password until its toggle is pressed, and is a Form.Item control', () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form}>
          <Form.Item name="password" label="Password">
            <PlainPasswordInput />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />);
    const box = screen.getByLabelText('Password') as HTMLInputElement;
    expect(box.type).toBe('password');
    fireEvent.change(box, { target: { value: 's3cret!' } });
    expect(form.getFieldValue('password')).toBe('s3cret!');
    const toggle = screen.getByRole('button', { name: 'passwordToggle.show' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(box.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
