import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INVOICE_KIND_NAMES,
  INVOICE_SUB_TYPES,
  SERVICE_TYPES,
  SOPMS_MSG,
  SOPMS_OVERRIDE_LEVELS,
  SOPMS_OVERSEAS,
  SOPMS_RULE_TYPES,
  SOPMS_SECTIONS,
  TAX_CODE_NAMES,
  TRANSPORT_MODES,
} from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form, type FormInstance, type RuleObject } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { msgTextOf, zodRule } from '../../shared/form/zod-rule';
import { DateField } from '../../shared/plain/form-date-field';
import { ChoiceField } from '../../shared/plain/form-fields';
import { CheckGroupField, CodeTagsField } from '../../shared/plain/multi-fields';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import type { SopmsFormValues } from './sopms-form-values';

/** The server's "criteria set with an empty range" (contracts sopmsTemplateProblems), checked as the user types. */
const rangeRule =
  (from: string) =>
  (form: Pick<FormInstance, 'getFieldValue'>): RuleObject => ({
    validator: async (_r, to: unknown) => {
      const start = form.getFieldValue(from) as unknown;
      if (dayjs.isDayjs(start) && dayjs.isDayjs(to) && start.isAfter(to, 'day'))
        throw new Error(await msgTextOf(SOPMS_MSG.emptyRange));
    },
  });

const F = fieldsOf((c) => c.ZSopmsTemplateFields);
const opts = (values: readonly (string | number)[], label: (v: string) => string = String) =>
  values.map((v) => ({ value: String(v), label: label(String(v)) }));

const CODE_LISTS = [
  'account_codes',
  'customer_codes',
  'issue_party_codes',
  'agent_codes',
  'consignee_codes',
  'notify_party_codes',
  'office_codes',
] as const;

/** A SOPMS template's setting (header, criteria, override level) and its rules, with the server's rules. */
export function SopmsForm({
  form,
  onValuesChange,
  disabled,
}: {
  form: FormInstance<SopmsFormValues>;
  onValuesChange: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('sopms');
  const third = { xs: 24, md: 8 };
  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };
  const range = (from: 'etd_from' | 'inv_date_from', to: 'etd_to' | 'inv_date_to') => (
    <>
      <Col {...quarter}>
        <Form.Item name={from} label={t(`field.${from}`)}>
          <DateField data-testid={`sopms-${from}`} />
        </Form.Item>
      </Col>
      <Col {...quarter}>
        <Form.Item name={to} label={t(`field.${to}`)} dependencies={[from]} rules={[rangeRule(from)]}>
          <DateField data-testid={`sopms-${to}`} />
        </Form.Item>
      </Col>
    </>
  );
  return (
    <Form<SopmsFormValues>
      form={form}
      name="sopms"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="sopms-form"
    >
      <PlainCard title={t('setting')}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="name" label={t('field.name')} required rules={[zodRule(F('name'))]}>
              <PlainTextInput maxLength={100} data-testid="sopms-name" />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item name="section_code" label={t('field.section_code')} required>
              <ChoiceField
                options={opts(SOPMS_SECTIONS, (v) => t(`section.${v}`))}
                data-testid="sopms-section"
              />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item name="status" label={t('field.status')}>
              <ChoiceField options={opts(['A', 'I'], (v) => t(`status.${v}`))} data-testid="sopms-status" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="validation_group"
              label={t('field.validation_group')}
              required
              rules={[zodRule(F('validation_group'))]}
            >
              <PlainTextInput maxLength={60} data-testid="sopms-validation_group" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="override_level"
              label={t('field.override_level')}
              required
              getValueProps={(v: unknown) => ({
                value: v === null || v === undefined ? undefined : String(v),
              })}
              normalize={(v?: string) => (v === undefined ? undefined : Number(v))}
            >
              <ChoiceField
                options={opts(SOPMS_OVERRIDE_LEVELS, (v) => t(`level.${v}`))}
                data-testid="sopms-override_level"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('field.description')}>
              <PlainTextArea maxLength={500} rows={2} data-testid="sopms-description" />
            </Form.Item>
          </Col>
        </Row>
      </PlainCard>
      <PlainCard title={t('criteria')} style={{ marginTop: 12 }}>
        <Row gutter={16}>
          {CODE_LISTS.map((k) => (
            <Col key={k} {...third}>
              <Form.Item name={k} label={t(`field.${k}`)} extra={t('hint.codes')}>
                <CodeTagsField removeLabel={(code) => t('removeCode', { code })} data-testid={`sopms-${k}`} />
              </Form.Item>
            </Col>
          ))}
          <Col {...third}>
            <Form.Item name="inv_kinds" label={t('field.inv_kinds')}>
              <CheckGroupField
                options={opts(INVOICE_KIND_NAMES)}
                aria-label={t('field.inv_kinds')}
                data-testid="sopms-inv_kinds"
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="overseas" label={t('field.overseas')}>
              <ChoiceField
                options={opts(SOPMS_OVERSEAS, (v) => t(`overseas.${v}`))}
                data-testid="sopms-overseas"
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="transport_modes" label={t('field.transport_modes')}>
              <CheckGroupField
                options={opts(TRANSPORT_MODES)}
                aria-label={t('field.transport_modes')}
                data-testid="sopms-transport_modes"
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="service_types" label={t('field.service_types')}>
              <CheckGroupField
                options={opts(SERVICE_TYPES)}
                aria-label={t('field.service_types')}
                data-testid="sopms-service_types"
              />
            </Form.Item>
          </Col>
          {range('etd_from', 'etd_to')}
          {range('inv_date_from', 'inv_date_to')}
        </Row>
      </PlainCard>
      <PlainCard title={t('rules')} style={{ marginTop: 12 }}>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((f) => (
                <Row key={f.key} gutter={8} align="bottom" data-testid={`sopms-rule-${f.name}`}>
                  <Col xs={24} md={5}>
                    <Form.Item name={[f.name, 'rule_type']} label={t('field.rule_type')}>
                      <ChoiceField
                        options={opts(SOPMS_RULE_TYPES, (v) => t(`ruleType.${v}`))}
                        data-testid={`sopms-rule-${f.name}-rule_type`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item
                      name={[f.name, 'charge_code']}
                      label={t('field.charge_code')}
                      normalize={(v: string) => v?.toUpperCase()}
                    >
                      <PlainTextInput maxLength={20} data-testid={`sopms-rule-${f.name}-charge_code`} />
                    </Form.Item>
                  </Col>
                  {(['rate', 'min_amount', 'max_amount'] as const).map((k) => (
                    <Col key={k} xs={12} md={3}>
                      <Form.Item name={[f.name, k]} label={t(`field.${k}`)}>
                        <PlainTextInput inputMode="decimal" data-testid={`sopms-rule-${f.name}-${k}`} />
                      </Form.Item>
                    </Col>
                  ))}
                  <Col xs={12} md={3}>
                    <Form.Item name={[f.name, 'tax_code']} label={t('field.tax_code')}>
                      <ChoiceField
                        allowClear
                        options={opts(TAX_CODE_NAMES)}
                        data-testid={`sopms-rule-${f.name}-tax_code`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[f.name, 'sub_type']} label={t('field.sub_type')}>
                      <ChoiceField
                        allowClear
                        options={opts(INVOICE_SUB_TYPES)}
                        data-testid={`sopms-rule-${f.name}-sub_type`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={1}>
                    <Form.Item label=" ">
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('removeRule')}
                        onClick={() => remove(f.name)}
                        disabled={disabled || fields.length <= 1}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              {!disabled && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ rule_type: 'REQUIRED_CHARGE' })}
                  data-testid="sopms-add-rule"
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('addRule')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </PlainCard>
    </Form>
  );
}
