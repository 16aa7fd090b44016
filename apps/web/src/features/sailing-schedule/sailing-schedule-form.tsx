import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SAILING_STATUSES } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { fieldsOf, type SchemaRef } from '../../shared/form/lazy-schema';
import { upperCase } from '../../shared/form/normalize';
import { zodFormRule, zodRule } from '../../shared/form/zod-rule';
import {
  ChoiceButtonsItem,
  lanePickers,
  PickerItem,
  RecordForm,
  type RecordFormProps,
  SPAN,
} from '../../shared/maintenance/record-form';
import { DateField } from '../../shared/plain/form-date-field';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import {
  dateValue,
  emptyLeg,
  type LegFormValues,
  minuteValue,
  type SailingFormValues,
  toRequest,
} from './sailing-schedule-form-values';
import { useSailingLabels } from './sailing-schedule-labels';

const F = fieldsOf((c) => c.ZSailingScheduleFields);
const L = fieldsOf((c) => c.ZSailingLeg);
const date = (s: SchemaRef) => zodRule(s, { toValue: (v) => dateValue(v) ?? '' });

/**
 * A rule for a check across fields (the request schema's superRefine, e.g. legs chained from POL to POD)
 * reported on exactly this field path.
 */
const crossRule = (path: (string | number)[]) =>
  zodFormRule((c) => c.ZCreateSailingScheduleRequest, path, toRequest);

export type SailingFormProps = RecordFormProps<SailingFormValues>;

/** The sailing's fields (001 §3 Sailing schedule) and legs, with client-side rules matching the server. */
export function SailingForm({ form, onValuesChange, disabled }: SailingFormProps) {
  const { t } = useTranslation('sailing-schedule');
  const labels = useSailingLabels();
  const quarter = SPAN.quarter;
  const cross = (path: (string | number)[]) => crossRule(path);
  const lane = lanePickers({ label: (n) => t(`field.${n}`), field: F, testIdPrefix: 'sailing-' });
  const cutoff = (name: 'cfs_cutoff' | 'cy_cutoff' | 'vgm_cutoff' | 'si_cutoff') => (
    <Col {...quarter}>
      <Form.Item
        name={name}
        label={t(`field.${name}`)}
        rules={[zodRule(F(name), { toValue: minuteValue }), cross([name])]}
        dependencies={['etd', 'cy_cutoff']}
      >
        <DateField kind="datetime" data-testid={`sailing-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <RecordForm
      form={form}
      name="sailing"
      testId="sailing-form"
      disabled={disabled}
      onValuesChange={onValuesChange}
    >
      <Row gutter={16}>
        {lane('carrier_code')}
        <Col {...quarter}>
          <Form.Item
            name="vessel_name"
            label={t('field.vessel_name')}
            required
            normalize={upperCase}
            rules={[zodRule(F('vessel_name'))]}
          >
            <PlainTextInput maxLength={60} data-testid="sailing-vessel" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="imo" label={t('field.imo')} rules={[zodRule(F('imo'))]} extra={t('hint.imo')}>
            <PlainTextInput maxLength={11} data-testid="sailing-imo" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="voyage"
            label={t('field.voyage')}
            required
            normalize={upperCase}
            rules={[zodRule(F('voyage'))]}
          >
            <PlainTextInput maxLength={20} data-testid="sailing-voyage" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="service_name" label={t('field.service_name')} rules={[zodRule(F('service_name'))]}>
            <PlainTextInput maxLength={60} data-testid="sailing-service-name" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="service_code"
            label={t('field.service_code')}
            normalize={upperCase}
            rules={[zodRule(F('service_code'))]}
          >
            <PlainTextInput maxLength={10} data-testid="sailing-service-code" />
          </Form.Item>
        </Col>
        {lane('pol')}
        {lane('pod', { rules: [cross(['pod'])], dependencies: ['pol'] })}
        <Col {...quarter}>
          <Form.Item
            name="etd"
            label={t('field.etd')}
            required
            rules={[date(F('etd'))]}
            extra={t('hint.etd')}
          >
            <DateField data-testid="sailing-etd" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="eta"
            label={t('field.eta')}
            required
            rules={[date(F('eta')), cross(['eta'])]}
            dependencies={['etd']}
          >
            <DateField data-testid="sailing-eta" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <PickerItem
            name="transshipment_port"
            label={t('field.transshipment_port')}
            rules={[zodRule(F('transshipment_port')), cross(['transshipment_port'])]}
            fetchOptionKey="port"
            testId="sailing-transshipment"
          />
        </Col>
        <Col {...quarter}>
          <ChoiceButtonsItem
            name="status"
            label={t('field.status')}
            required
            rules={[zodRule(F('status'))]}
            options={SAILING_STATUSES.map((v) => ({ value: v, label: labels.status(v) }))}
            testId="sailing-status"
          />
        </Col>
        {cutoff('cfs_cutoff')}
        {cutoff('cy_cutoff')}
        {cutoff('vgm_cutoff')}
        {cutoff('si_cutoff')}
        <Col {...quarter}>
          <Form.Item name="is_manual" label={t('field.is_manual')} valuePropName="checked">
            <PlainCheckbox role="switch" data-testid="sailing-is-manual" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="is_tbc" label={t('field.is_tbc')} valuePropName="checked" extra={t('hint.is_tbc')}>
            <PlainCheckbox role="switch" data-testid="sailing-is-tbc" />
          </Form.Item>
        </Col>
      </Row>
      <PlainCard title={t('legs')} data-testid="sailing-legs">
        <Form.List name="legs">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Row gutter={8} key={field.key} align="top" data-testid={`sailing-leg-${i}`}>
                  <Col xs={24} md={1} style={{ paddingTop: 30 }}>
                    {i + 1}.
                  </Col>
                  <Col xs={12} md={4}>
                    <PickerItem
                      name={[field.name, 'port_from']}
                      label={t('field.port_from')}
                      rules={[zodRule(L('port_from')), cross(['legs', i, 'port_from'])]}
                      fetchOptionKey="port"
                      testId={`sailing-leg-${i}-from`}
                    />
                  </Col>
                  <Col xs={12} md={4}>
                    <PickerItem
                      name={[field.name, 'port_to']}
                      label={t('field.port_to')}
                      rules={[zodRule(L('port_to')), cross(['legs', i, 'port_to'])]}
                      fetchOptionKey="port"
                      testId={`sailing-leg-${i}-to`}
                    />
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item
                      name={[field.name, 'etd']}
                      label={t('field.etd')}
                      rules={[date(L('etd')), cross(['legs', i, 'etd'])]}
                    >
                      <DateField data-testid={`sailing-leg-${i}-etd`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item
                      name={[field.name, 'eta']}
                      label={t('field.eta')}
                      rules={[date(L('eta')), cross(['legs', i, 'eta'])]}
                    >
                      <DateField data-testid={`sailing-leg-${i}-eta`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item
                      name={[field.name, 'vessel_name']}
                      label={t('field.leg_vessel')}
                      normalize={upperCase}
                      rules={[zodRule(L('vessel_name'))]}
                    >
                      <PlainTextInput maxLength={60} data-testid={`sailing-leg-${i}-vessel`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={2}>
                    <Form.Item
                      name={[field.name, 'voyage']}
                      label={t('field.voyage')}
                      normalize={upperCase}
                      rules={[zodRule(L('voyage'))]}
                    >
                      <PlainTextInput maxLength={20} data-testid={`sailing-leg-${i}-voyage`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={2}>
                    <Form.Item
                      name={[field.name, 'service_code']}
                      label={t('field.service_code')}
                      normalize={upperCase}
                      rules={[zodRule(L('service_code'))]}
                    >
                      <PlainTextInput maxLength={10} data-testid={`sailing-leg-${i}-service`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={2} style={{ paddingTop: 30 }}>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('removeLeg')}
                      data-testid={`sailing-leg-${i}-remove`}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  const v = form.getFieldsValue(true) as SailingFormValues;
                  const prev: LegFormValues | undefined = v.legs?.[v.legs.length - 1];
                  add(prev ? emptyLeg(prev.port_to, prev.eta) : emptyLeg(v.pol, v.etd));
                }}
                data-testid="sailing-add-leg"
              >
                {t('addLeg')}
              </Button>
            </>
          )}
        </Form.List>
      </PlainCard>
    </RecordForm>
  );
}
