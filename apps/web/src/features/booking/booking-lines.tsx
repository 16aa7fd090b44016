import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { containerNoError, type ZContainerLine, type ZHsLine } from '@portal/contracts';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form, type Rule } from '../../shared/form';
import { msgTextOf, zodRule } from '../../shared/form/zod-rule';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import { ChoiceSelect, DateInput, DateTimeInput, NumberInput } from './booking-form-parts';
import { dateOut } from './booking-form-values';
import { useBookingLabels } from './booking-labels';

const cell = (span: number, node: ReactNode, key?: string) => (
  <Col key={key} xs={24} sm={12} lg={span}>
    {node}
  </Col>
);

/** A line's remove button. */
const Remove = ({
  onClick,
  testId,
  disabled,
}: {
  onClick: () => void;
  testId: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('booking');
  return (
    <Form.Item label=" ">
      <Button
        icon={<DeleteOutlined />}
        danger
        onClick={onClick}
        disabled={disabled}
        aria-label={t('lines.remove')}
        data-testid={testId}
      />
    </Form.Item>
  );
};

/** Per container line: seal no., carrier booking no. and package qty are required (001 §5, bookingIssues). */
const CONTAINER_REQUIRED: readonly string[] = ['size_type', 'seal_no', 'carrier_booking_no', 'package_qty'];

/** Requested equipment: size/type and quantity; at least one line. */
export function EquipmentLines({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('booking');
  const sizeOptions = useBookingLabels().sizeTypeOptions;
  return (
    <Form.List name="equipment">
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="booking-equipment">
          {fields.map((f) => (
            <Row key={f.key} gutter={16}>
              {cell(
                6,
                <Form.Item
                  name={[f.name, 'size_type']}
                  label={t('field.size_type')}
                  required
                  rules={[zodRule((c) => c.ZBookingEquipment.shape.size_type, { toValue: (v) => v ?? '' })]}
                >
                  <ChoiceSelect options={sizeOptions} testId={`booking-equipment-${f.name}-size_type`} />
                </Form.Item>,
              )}
              {cell(
                4,
                <Form.Item
                  name={[f.name, 'qty']}
                  label={t('field.qty')}
                  required
                  rules={[zodRule((c) => c.ZBookingEquipment.shape.qty)]}
                >
                  <NumberInput min={1} max={999} precision={0} testId={`booking-equipment-${f.name}-qty`} />
                </Form.Item>,
              )}
              {cell(
                2,
                <Remove
                  onClick={() => remove(f.name)}
                  disabled={readOnly || fields.length <= 1}
                  testId={`booking-equipment-${f.name}-remove`}
                />,
              )}
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ qty: 1 })}
            disabled={readOnly}
            data-testid="booking-equipment-add"
          >
            {t('lines.addEquipment')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** Container lines (001 §3 Container line); the container number is checked (ISO 6346) on blur. */
export function ContainerLines({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('booking');
  const labels = useBookingLabels();
  const noRule: Rule = {
    validator: async (_r, v: unknown) => {
      const s = typeof v === 'string' ? v.replace(/\s+/g, '') : '';
      const err = s ? containerNoError(s) : null;
      if (err) throw new Error(await msgTextOf(err, { value: s.toUpperCase() }));
    },
  };
  const rule = (name: keyof typeof ZContainerLine.shape, datetime?: boolean) =>
    zodRule((c) => c.ZContainerLine.shape[name], {
      toValue: (v) =>
        datetime === undefined
          ? v === undefined
            ? null
            : v
          : dateOut(v, datetime ? 'YYYY-MM-DDTHH:mm' : 'YYYY-MM-DD'),
    });
  return (
    <Form.List name="containers">
      {(fields, { add, remove }) => (
        <div data-testid="booking-containers">
          {fields.map((f) => {
            const id = (n: string) => `booking-container-${f.name}-${n}`;
            const item = (
              name: keyof typeof ZContainerLine.shape,
              node: ReactNode,
              extra: Rule[] = [],
              datetime?: boolean,
            ) => (
              <Form.Item
                name={[f.name, name]}
                label={labels.field(name)}
                required={CONTAINER_REQUIRED.includes(name)}
                rules={[rule(name, datetime), ...extra]}
                validateTrigger={name === 'container_no' ? 'onBlur' : 'onChange'}
              >
                {node}
              </Form.Item>
            );
            return (
              <div
                key={f.key}
                style={{ borderBottom: '1px dashed #d9d9d9', marginBottom: 12 }}
                data-testid={`booking-container-${f.name}`}
              >
                <Row gutter={16}>
                  {cell(
                    4,
                    item(
                      'container_no',
                      <PlainTextInput
                        maxLength={13}
                        placeholder="MSCU1234565"
                        data-testid={id('container_no')}
                      />,
                      [noRule],
                    ),
                  )}
                  {cell(
                    4,
                    item(
                      'size_type',
                      <ChoiceSelect options={labels.sizeTypeOptions} testId={id('size_type')} />,
                    ),
                  )}
                  {cell(3, item('seal_no', <PlainTextInput maxLength={30} data-testid={id('seal_no')} />))}
                  {cell(
                    4,
                    item(
                      'carrier_booking_no',
                      <PlainTextInput maxLength={40} data-testid={id('carrier_booking_no')} />,
                    ),
                  )}
                  {cell(
                    3,
                    item('package_qty', <NumberInput min={0} precision={0} testId={id('package_qty')} />),
                  )}
                  {cell(3, item('gross_weight', <PlainTextInput data-testid={id('gross_weight')} />))}
                  {cell(3, item('cbm', <PlainTextInput data-testid={id('cbm')} />))}
                  {cell(4, item('ex_factory_date', <DateInput testId={id('ex_factory_date')} />, [], false))}
                  {cell(
                    4,
                    item('cfs_received_at', <DateTimeInput testId={id('cfs_received_at')} />, [], true),
                  )}
                  {cell(4, item('cy_gate_in_at', <DateTimeInput testId={id('cy_gate_in_at')} />, [], true))}
                  {cell(3, item('vgm_weight', <PlainTextInput data-testid={id('vgm_weight')} />))}
                  {cell(
                    3,
                    item(
                      'vgm_method',
                      <ChoiceSelect allowClear options={labels.vgmMethodOptions} testId={id('vgm_method')} />,
                    ),
                  )}
                  {cell(
                    2,
                    <Remove onClick={() => remove(f.name)} disabled={readOnly} testId={id('remove')} />,
                  )}
                </Row>
              </div>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              add({
                container_no: '',
                seal_no: '',
                carrier_booking_no: '',
                gross_weight: '',
                cbm: '',
                vgm_weight: '',
              })
            }
            disabled={readOnly}
            data-testid="booking-container-add"
          >
            {t('lines.addContainer')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** Cargo by HS code; the totals must match the containers (checked by the booking rules). */
export function HsLines({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('booking');
  const labels = useBookingLabels();
  return (
    <Form.List name="hs_lines">
      {(fields, { add, remove }) => (
        <div data-testid="booking-hs-lines">
          {fields.map((f) => {
            const id = (n: string) => `booking-hs-${f.name}-${n}`;
            const item = (name: keyof typeof ZHsLine.shape, node: ReactNode) => (
              <Form.Item
                name={[f.name, name]}
                label={labels.field(name)}
                rules={[
                  zodRule((c) => c.ZHsLine.shape[name], { toValue: (v) => (v === undefined ? null : v) }),
                ]}
              >
                {node}
              </Form.Item>
            );
            return (
              <Row key={f.key} gutter={16}>
                {cell(
                  4,
                  item('hs_code', <SearchSelect fetchOptionKey="hscode" data-testid={id('hs_code')} />),
                )}
                {cell(
                  6,
                  item('description', <PlainTextInput maxLength={200} data-testid={id('description')} />),
                )}
                {cell(
                  3,
                  item('package_qty', <NumberInput min={0} precision={0} testId={id('package_qty')} />),
                )}
                {cell(3, item('gross_weight', <PlainTextInput data-testid={id('gross_weight')} />))}
                {cell(3, item('cbm', <PlainTextInput data-testid={id('cbm')} />))}
                {cell(2, <Remove onClick={() => remove(f.name)} disabled={readOnly} testId={id('remove')} />)}
              </Row>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ description: '', gross_weight: '', cbm: '' })}
            disabled={readOnly}
            data-testid="booking-hs-add"
          >
            {t('lines.addHs')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
