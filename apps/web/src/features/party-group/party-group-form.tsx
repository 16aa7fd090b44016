import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchTagsField } from '../../shared/search-select/search-tags-field';
import type { PartyGroupFormValues } from './party-group-form-values';
import { usePartyGroupLabels } from './party-group-labels';

const F = fieldsOf((c) => c.ZPartyGroupFields);

export interface PartyGroupFormProps {
  form: FormInstance<PartyGroupFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
}

/** The party group's fields (001 §3 Party group); member parties are picked with a party search. */
export function PartyGroupForm({ form, onValuesChange, disabled }: PartyGroupFormProps) {
  const { t } = useTranslation('party-group');
  const labels = usePartyGroupLabels();
  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <Form<PartyGroupFormValues>
      form={form}
      name="party-group"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="party-group-form"
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="group_name"
            label={t('field.group_name')}
            required
            rules={[zodRule(F('group_name'))]}
          >
            <PlainTextInput maxLength={100} data-testid="party-group-name" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="group_type"
            label={t('field.group_type')}
            required
            rules={[zodRule(F('group_type'))]}
          >
            <ChoiceField
              options={labels.typeOptions}
              placeholder={t('selectPlaceholder')}
              data-testid="party-group-type"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="sub_group" label={t('field.sub_group')} rules={[zodRule(F('sub_group'))]}>
            <PlainTextInput maxLength={60} data-testid="party-group-sub-group" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="party_ids" label={t('field.parties')} extra={t('hint.parties')}>
            <SearchTagsField
              fetchOptionKey="party"
              removeLabel={(name) => t('removeParty', { name })}
              placeholder={t('typeToSearch')}
              data-testid="party-group-parties"
              listTestId="party-group-parties-chosen"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
