import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FCL_CONTAINER_TYPES, LCL_CONTAINER_TYPES, RATE_SERVICES, RATE_STATUSES } from '@portal/contracts';
import { Col, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { fieldsOf, type SchemaRef } from '../../shared/form/lazy-schema';
import { upperCase } from '../../shared/form/normalize';
import { msgTextOf, zodFormRule, zodRule } from '../../shared/form/zod-rule';
import {
  ChoiceButtonsItem,
  lanePickers,
  RecordForm,
  type RecordFormProps,
  SPAN,
} from '../../shared/maintenance/record-form';
import { DateField } from '../../shared/plain/form-date-field';
import { ChoiceField } from '../../shared/plain/form-fields';
import { NumberField } from '../../shared/plain/form-number-field';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { type RateFormValues, toRequest } from './rate-form-values';

const F = fieldsOf((c) => c.ZRateFields);
const C = fieldsOf((c) => c.ZRateContainer);
const dateRule = (s: SchemaRef) =>
  zodRule(s, { toValue: (v) => (dayjs.isDayjs(v) && v.isValid() ? v.format('YYYY-MM-DD') : '') });

export interface RateFormProps extends RecordFormProps<RateFormValues> {
  isNew: boolean;
}

/** The rate's fields and container prices, with client-side rules matching the server. */
export function RateForm({ form, isNew, onValuesChange, disabled }: RateFormProps) {
  const { t } = useTranslation('rate');
  const quarter = SPAN.quarter;
  const lane = lanePickers({ label: (n) => t(`field.${n}`), field: F, testIdPrefix: 'rate-' });
  const service = Form.useWatch('service', form);
  const types = service === 'LCL' ? LCL_CONTAINER_TYPES : FCL_CONTAINER_TYPES;
  // A check across fields (validity order, unique container types...) reported on exactly this path.
  const cross = (path: (string | number)[]) => zodFormRule((c) => c.ZCreateRateRequest, path, toRequest);

  return (
    <RecordForm
      form={form}
      name="rate"
      testId="rate-form"
      disabled={disabled}
      onValuesChange={onValuesChange}
    >
      <Row gutter={16}>
        <Col {...quarter}>
          <Form.Item
            name="source_key"
            label={t('field.source_key')}
            required
            normalize={upperCase}
            rules={[zodRule((c) => c.ZSourceKey)]}
            extra={t('hint.source_key')}
          >
            <PlainTextInput maxLength={40} disabled={!isNew} data-testid="rate-source-key" />
          </Form.Item>
        </Col>
        {lane('carrier_code')}
        {lane('pol')}
        {lane('pod')}
        <Col {...quarter}>
          <ChoiceButtonsItem
            name="service"
            label={t('field.service')}
            required
            rules={[zodRule(F('service'))]}
            options={RATE_SERVICES.map((v) => ({ value: v, label: v }))}
            testId="rate-service"
          />
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="currency"
            label={t('field.currency')}
            required
            normalize={upperCase}
            rules={[zodRule(F('currency'))]}
          >
            <PlainTextInput maxLength={3} data-testid="rate-currency" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="valid_from"
            label={t('field.valid_from')}
            required
            rules={[dateRule(F('valid_from'))]}
          >
            <DateField data-testid="rate-valid-from" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="valid_to"
            label={t('field.valid_to')}
            required
            rules={[dateRule(F('valid_to')), cross(['valid_to'])]}
            dependencies={['valid_from']}
          >
            <DateField data-testid="rate-valid-to" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="transit_days" label={t('field.transit_days')}>
            <NumberField min={0} max={180} precision={0} data-testid="rate-transit" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="free_time_days" label={t('field.free_time_days')}>
            <NumberField min={0} max={90} precision={0} data-testid="rate-free-time" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <ChoiceButtonsItem
            name="status"
            label={t('field.status')}
            required
            rules={[zodRule(F('status'))]}
            options={RATE_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
            testId="rate-status"
          />
        </Col>
        <Col xs={24}>
          <Form.Item name="remarks" label={t('field.remarks')} rules={[zodRule(F('remarks'))]}>
            <PlainTextArea maxLength={1000} rows={2} data-testid="rate-remarks" />
          </Form.Item>
        </Col>
      </Row>
      <PlainCard title={t('field.rate_containers')} data-testid="rate-containers">
        <Form.List
          name="rate_containers"
          rules={[
            {
              validator: async (_r, v: unknown[] | undefined) => {
                if (!v?.length) throw new Error(await msgTextOf('msgRateContainerRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Row gutter={8} key={field.key} data-testid={`rate-line-${i}`}>
                  <Col xs={12} md={6}>
                    <Form.Item
                      name={[field.name, 'container_type']}
                      label={t('field.container_type')}
                      rules={[zodRule(C('container_type')), cross(['rate_containers', i, 'container_type'])]}
                    >
                      <ChoiceField
                        options={types.map((v) => ({ value: v, label: v }))}
                        data-testid={`rate-line-${i}-type`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={6}>
                    <Form.Item
                      name={[field.name, 'amount']}
                      label={t('field.amount')}
                      rules={[zodRule(C('amount')), cross(['rate_containers', i, 'amount'])]}
                      dependencies={['currency']}
                      normalize={(v?: string) => v?.replace(/[^\d.]/g, '')}
                    >
                      <PlainTextInput
                        inputMode="decimal"
                        maxLength={19}
                        data-testid={`rate-line-${i}-amount`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={2} style={{ paddingTop: 30 }}>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('removeLine')}
                      data-testid={`rate-line-${i}-remove`}
                    />
                  </Col>
                </Row>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ container_type: undefined, amount: '' })}
                data-testid="rate-add-line"
              >
                {t('addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </PlainCard>
    </RecordForm>
  );
}
