import { MSG } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance, type RuleObject } from '../../shared/form';
import { fieldsOf, loadContracts } from '../../shared/form/lazy-schema';
import { msgTextOf, zodRule } from '../../shared/form/zod-rule';
import {
  EffectivePeriodItems,
  effectivePeriodRules,
  RecordForm,
  type RecordFormProps,
  SPAN,
} from '../../shared/maintenance/record-form';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import { dateValue, type RoutingTemplateFormValues, toRequest } from './routing-template-form-values';

const F = fieldsOf((c) => c.ZRoutingTemplateFields);
const partyId = (v: unknown) => (typeof v === 'string' && v ? Number(v) : null);
/**
 * The 002 §5 rule "at least one of POD, PLD or FD" from the contracts schema. Written out because zodFormRule
 * reads an empty field as "required", and here the message must name the three fields.
 */
const portRule = (field: 'pod' | 'pld' | 'fd') => [
  zodRule(F(field)),
  (form: Pick<FormInstance, 'getFieldsValue'>): RuleObject => ({
    validator: async () => {
      const res = (await loadContracts()).ZCreateRoutingTemplateRequest.safeParse(
        toRequest(form.getFieldsValue(true)),
      );
      const issue = res.error?.issues.find(
        (i) => i.path[0] === field && i.message === MSG.routingTemplatePortRequired,
      );
      if (issue) throw new Error(await msgTextOf(issue.message));
    },
  }),
];

// Same rules as the server (contracts ZCreateRoutingTemplateRequest, 002 §5 Routing template).
const rules = {
  name: [zodRule(F('name'))],
  customer_party_id: [zodRule(F('customer_party_id'), { toValue: partyId })],
  consignee_party_id: [zodRule(F('consignee_party_id'), { toValue: partyId })],
  pod: portRule('pod'),
  pld: portRule('pld'),
  fd: portRule('fd'),
  ...effectivePeriodRules(F, (c) => c.ZCreateRoutingTemplateRequest, toRequest, dateValue),
};

export type RoutingTemplateFormProps = RecordFormProps<RoutingTemplateFormValues>;

/** The routing template's fields (002 §3) with client-side rules matching the server. */
export function RoutingTemplateForm({ form, onValuesChange, disabled }: RoutingTemplateFormProps) {
  const { t } = useTranslation('routing-template');
  const { half, third, quarter } = SPAN;
  const ports = ['pod', 'pld', 'fd'] as const;

  return (
    <RecordForm
      form={form}
      name="routing-template"
      testId="routing-template-form"
      disabled={disabled}
      onValuesChange={onValuesChange}
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label={t('field.name')} required rules={rules.name}>
            <PlainTextInput maxLength={100} data-testid="routing-template-name" />
          </Form.Item>
        </Col>
        <Col {...half} />
        <Col {...half}>
          <Form.Item
            name="customer_party_id"
            label={t('field.customer')}
            rules={rules.customer_party_id}
            extra={t('hint.customer')}
          >
            <SearchSelect
              fetchOptionKey="party"
              placeholder={t('searchParty')}
              data-testid="routing-template-customer"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="consignee_party_id"
            label={t('field.consignee')}
            required
            rules={rules.consignee_party_id}
          >
            <SearchSelect
              fetchOptionKey="party"
              placeholder={t('searchParty')}
              data-testid="routing-template-consignee"
            />
          </Form.Item>
        </Col>
        {ports.map((p) => (
          <Col {...third} key={p}>
            <Form.Item
              name={p}
              label={t(`field.${p}`)}
              rules={rules[p]}
              dependencies={ports.filter((o) => o !== p)}
              extra={p === 'pod' ? t('hint.ports') : undefined}
            >
              <SearchSelect
                fetchOptionKey="port"
                placeholder={t('searchPort')}
                data-testid={`routing-template-${p}`}
              />
            </Form.Item>
          </Col>
        ))}
        <EffectivePeriodItems t={t} rules={rules} testId="routing-template" disabled={disabled} />
        <Col {...quarter}>
          <Form.Item name="can_overwrite" label={t('field.can_overwrite')} valuePropName="checked">
            <PlainCheckbox role="switch" data-testid="routing-template-can-overwrite" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="eta_validation"
            label={t('field.eta_validation')}
            valuePropName="checked"
            extra={t('hint.eta_validation')}
          >
            <PlainCheckbox role="switch" data-testid="routing-template-eta-validation" />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}
