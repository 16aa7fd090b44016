// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useItemState } from '../plain/form-fields';
import { PlainCheckbox } from '../plain/plain-checkbox';
import { PlainTextInput } from '../plain/plain-text-input';
import { Form, type FormInstance } from './form';

afterEach(cleanup);

let form!: FormInstance;
function Host({
  children,
  disabled,
  name = 'f',
  initialValues,
  onFinish,
}: {
  children: React.ReactNode;
  disabled?: boolean;
  name?: string;
  initialValues?: Record<string, unknown>;
  onFinish?: (v: unknown) => void;
}) {
  [form] = Form.useForm();
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      disabled={disabled}
      initialValues={initialValues}
      onFinish={onFinish}
    >
      {children}
    </Form>
  );
}

describe('Form (issue 20: antd Form without its wrapper)', () => {
  it('marks a required field, names the control by its label and shows the error as an alert', async () => {
    render(
      <Host>
        <Form.Item
          name="code"
          label="Code"
          rules={[{ required: true, message: 'Enter a code' }]}
          extra="Three letters"
        >
          <PlainTextInput />
        </Form.Item>
      </Host>,
    );
    const input = screen.getByLabelText('Code');
    expect(input.id).toBe('f_code');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(document.querySelector('label.ant-form-item-required')?.getAttribute('for')).toBe('f_code');
    expect(input.getAttribute('aria-describedby')).toBe('f_code_extra');
    await act(async () => {
      await form.validateFields().catch(() => undefined);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Enter a code');
    expect(alert.className).toBe('ant-form-item-explain-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f_code_help f_code_extra');
    expect(document.querySelector('.ant-form-item')?.classList.contains('ant-form-item-has-error')).toBe(
      true,
    );
    fireEvent.change(input, { target: { value: 'HKG' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('chains the child’s own onChange, applies normalize and valuePropName', () => {
    const own = vi.fn();
    render(
      <Host initialValues={{ ok: true }}>
        <Form.Item name="code" label="Code" normalize={(v: string) => v.toUpperCase()}>
          <PlainTextInput onChange={own} />
        </Form.Item>
        <Form.Item name="ok" valuePropName="checked">
          <PlainCheckbox aria-label="OK" />
        </Form.Item>
      </Host>,
    );
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'hkg' } });
    expect(form.getFieldValue('code')).toBe('HKG');
    expect(own).toHaveBeenCalledTimes(1);
    const box = screen.getByRole('checkbox', { name: 'OK' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(form.getFieldValue('ok')).toBe(false);
  });

  it('shows a noStyle field’s error in the item around it', async () => {
    render(
      <Host>
        <Form.Item label="Range">
          <Form.Item name="from" noStyle rules={[{ required: true, message: 'From is required' }]}>
            <PlainTextInput aria-label="From" />
          </Form.Item>
        </Form.Item>
      </Host>,
    );
    expect(document.querySelectorAll('.ant-form-item')).toHaveLength(1);
    await act(async () => {
      await form.validateFields().catch(() => undefined);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('From is required');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });

  it('renders a shouldUpdate function with the form and re-renders on change', () => {
    render(
      <Host initialValues={{ kind: 'A' }}>
        <Form.Item name="kind" label="Kind">
          <PlainTextInput />
        </Form.Item>
        <Form.Item shouldUpdate noStyle>
          {(f) => <p data-testid="echo">{String(f.getFieldValue('kind'))}</p>}
        </Form.Item>
        <Form.Item dependencies={['kind']}>
          {(f) => <p data-testid="dep">{String(f.getFieldValue('kind'))}</p>}
        </Form.Item>
      </Host>,
    );
    expect(screen.getByTestId('echo').textContent).toBe('A');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'B' } });
    expect(screen.getByTestId('echo').textContent).toBe('B');
    expect(screen.getByTestId('dep').textContent).toBe('B');
  });

  it('adds and removes Form.List rows and shows the list’s errors', async () => {
    render(
      <Host initialValues={{ lines: [{ code: 'X' }] }}>
        <Form.List
          name="lines"
          rules={[
            {
              validator: async (_, v) => {
                if (!v?.length) throw new Error('Add a line');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <div key={field.key}>
                  <Form.Item name={[field.name, 'code']} label={`Line ${field.name + 1}`}>
                    <PlainTextInput />
                  </Form.Item>
                  <button type="button" onClick={() => remove(field.name)}>
                    Remove {field.name + 1}
                  </button>
                </div>
              ))}
              <button type="button" onClick={() => add({ code: '' })}>
                Add
              </button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Host>,
    );
    expect(screen.getByLabelText('Line 1').id).toBe('f_lines_0_code');
    fireEvent.click(screen.getByText('Add'));
    expect(screen.getByLabelText('Line 2')).toBeTruthy();
    expect(form.getFieldValue('lines')).toHaveLength(2);
    fireEvent.click(screen.getByText('Remove 2'));
    fireEvent.click(screen.getByText('Remove 1'));
    expect(form.getFieldValue('lines')).toHaveLength(0);
    await act(async () => {
      await form.validateFields().catch(() => undefined);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Add a line');
  });

  it('disables plain and antd controls with the form', () => {
    render(
      <Host disabled>
        <Form.Item name="a" label="Plain">
          <PlainTextInput />
        </Form.Item>
        <Form.Item name="b" label="Antd">
          <Input />
        </Form.Item>
      </Host>,
    );
    expect((screen.getByLabelText('Plain') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Antd') as HTMLInputElement).disabled).toBe(true);
  });

  it('gives useStatus (and useItemState) the item’s status', async () => {
    const Probe = (props: { 'aria-invalid'?: unknown; id?: string }) => {
      const { status, errors } = Form.Item.useStatus();
      const state = useItemState(props);
      return (
        <output id={props.id} data-testid="probe">
          {`${status || 'none'}|${errors.join(',')}|${String(state['aria-invalid'])}`}
        </output>
      );
    };
    render(
      <Host>
        <Form.Item name="p" label="P" rules={[{ required: true, message: 'Needed' }]}>
          <Probe />
        </Form.Item>
      </Host>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('none||undefined');
    await act(async () => {
      await form.validateFields().catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('error|Needed|true'));
  });

  it('scrollToField scrolls the field into view and focuses it; focusField focuses', () => {
    render(
      <Host>
        <Form.Item name={['a', 'b']} label="Deep">
          <PlainTextInput />
        </Form.Item>
        <Form.Item name="c" label="Other">
          <PlainTextInput />
        </Form.Item>
      </Host>,
    );
    const deep = screen.getByLabelText('Deep');
    const scroll = vi.fn();
    deep.scrollIntoView = scroll;
    deep.getBoundingClientRect = () => ({ top: 5000, bottom: 5032, left: 0, right: 10 }) as DOMRect;
    act(() => form.scrollToField(['a', 'b'], { block: 'center', focus: true }));
    expect(scroll).toHaveBeenCalledWith({ block: 'center', inline: 'nearest', behavior: 'auto' });
    expect(document.activeElement).toBe(deep);
    act(() => form.focusField('c'));
    expect(document.activeElement).toBe(screen.getByLabelText('Other'));
  });

  it('describes a field by its label’s tooltip and hides the star with requiredMark={false}', () => {
    render(
      <Form name="t" requiredMark={false}>
        <Form.Item name="state" label="State" tooltip="Two letters" required>
          <PlainTextInput />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText('State');
    expect(input.getAttribute('aria-describedby')).toBe('t_state_tooltip');
    expect(document.getElementById('t_state_tooltip')?.textContent).toBe('Two letters');
    expect(document.querySelector('.ant-form-item-tooltip')?.getAttribute('title')).toBe('Two letters');
    expect(document.querySelector('form')?.classList.contains('ant-form-hide-required-mark')).toBe(true);
  });

  it('submits the values with onFinish and renders the default (horizontal) layout', async () => {
    const onFinish = vi.fn();
    render(
      <Form initialValues={{ x: '1' }} onFinish={onFinish}>
        <Form.Item name="x" label="X" help="Custom help">
          <PlainTextInput />
        </Form.Item>
        <button type="submit">Save</button>
      </Form>,
    );
    expect(document.querySelector('.ant-form-item-horizontal')).not.toBeNull();
    expect(screen.getByLabelText('X').id).toBe('x');
    expect(document.querySelector('.ant-form-item-explain')?.textContent).toBe('Custom help');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ x: '1' }));
  });
});
