// @vitest-environment jsdom
import '../../shared/testing/antd-jsdom';

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Form, type FormInstance } from '../../shared/form';
import { ChoiceSelect, DateInput, DateTimeInput, NumberInput } from './booking-form-parts';

afterEach(cleanup);

const OPTIONS = [
  { value: '20GP', label: '20GP' },
  { value: '40HQ', label: '40HQ' },
];

function Booking({ form, disabled }: { form: FormInstance; disabled?: boolean }) {
  return (
    <Form
      form={form}
      disabled={disabled}
      initialValues={{ etd: dayjs('2026-07-14'), cy_closing: null, qty: 1, size_type: undefined }}
    >
      <Form.Item name="etd" label="ETD">
        <DateInput testId="booking-field-etd" />
      </Form.Item>
      <Form.Item name="cy_closing" label="CY closing">
        <DateTimeInput testId="booking-field-cy_closing" />
      </Form.Item>
      <Form.Item name="qty" label="Qty" rules={[{ type: 'number', max: 9, message: 'at most 9' }]}>
        <NumberInput min={1} max={999} precision={0} testId="booking-qty" />
      </Form.Item>
      <Form.Item name="size_type" label="Size" rules={[{ required: true, message: 'required' }]}>
        <ChoiceSelect options={OPTIONS} allowClear testId="booking-size_type" />
      </Form.Item>
    </Form>
  );
}

describe('booking form parts: native controls as antd Form.Item children (issue 20)', () => {
  it('hold dayjs, numbers and choices in the form, labelled by the item', () => {
    let form!: FormInstance;
    function Host() {
      [form] = Form.useForm();
      return <Booking form={form} />;
    }
    render(<Host />);
    const etd = screen.getByLabelText('ETD') as HTMLInputElement;
    expect(etd).toBe(screen.getByTestId('booking-field-etd'));
    expect(etd.value).toBe('2026-07-14');
    fireEvent.change(etd, { target: { value: '2026-07-20' } });
    expect((form.getFieldValue('etd') as Dayjs).format('YYYY-MM-DD')).toBe('2026-07-20');
    fireEvent.change(etd, { target: { value: '' } });
    expect(form.getFieldValue('etd')).toBeNull();

    fireEvent.change(screen.getByLabelText('CY closing'), { target: { value: '2026-07-10T18:00' } });
    expect((form.getFieldValue('cy_closing') as Dayjs).format('YYYY-MM-DDTHH:mm')).toBe('2026-07-10T18:00');

    fireEvent.change(screen.getByLabelText('Qty'), { target: { value: '4' } });
    expect(form.getFieldValue('qty')).toBe(4);

    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '40HQ' } });
    expect(form.getFieldValue('size_type')).toBe('40HQ');
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '' } });
    expect(form.getFieldValue('size_type')).toBeUndefined();

    // A value set by the form (the sailing picker sets dates) shows in the input.
    act(() => form.setFieldsValue({ etd: dayjs('2026-09-01'), qty: 7 }));
    expect(etd.value).toBe('2026-09-01');
    expect((screen.getByLabelText('Qty') as HTMLInputElement).value).toBe('7');
  });

  it('are marked invalid while their item shows an error', async () => {
    let form!: FormInstance;
    function Host() {
      [form] = Form.useForm();
      return <Booking form={form} />;
    }
    render(<Host />);
    fireEvent.change(screen.getByLabelText('Qty'), { target: { value: '12' } });
    await act(async () => {
      await form.validateFields().catch(() => undefined);
    });
    expect(screen.getByLabelText('Qty').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Size').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('ETD').getAttribute('aria-invalid')).toBeNull();
  });

  it('are disabled with a disabled form', () => {
    let form!: FormInstance;
    function Host() {
      [form] = Form.useForm();
      return <Booking form={form} disabled />;
    }
    render(<Host />);
    for (const name of ['ETD', 'CY closing', 'Qty', 'Size'])
      expect((screen.getByLabelText(name) as HTMLInputElement).disabled).toBe(true);
  });
});
