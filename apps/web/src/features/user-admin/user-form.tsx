import { LANGUAGES } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { ChoiceField } from '../../shared/plain/form-fields';
import { LocalComboField } from '../../shared/plain/local-combo-field';
import { CodeTagsField } from '../../shared/plain/multi-fields';
import { PlainDivider } from '../../shared/plain/plain-divider';
import { PlainPasswordInput, PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import { useUserFormOptions } from './user-admin-api';
import type { UserFormValues } from './user-form-values';
import { UserProfilesTable } from './user-profiles-table';

const F = fieldsOf((c) => c.ZUserFields);
const TEXT_FIELDS = [
  'address',
  'zip',
  'phone',
  'fax',
  'company',
  'position',
  'department',
  'sales_code',
  'referred_by',
] as const;

export interface UserFormProps {
  form: FormInstance<UserFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
  isNew: boolean;
}

/** A user's fields (001 §3 User (maintenance)) with the same rules as the server (001 §5). */
export function UserForm({ form, onValuesChange, disabled, isNew }: UserFormProps) {
  const { t } = useTranslation('userAdmin');
  const options = useUserFormOptions();
  const half = { xs: 24, md: 12 };
  const third = { xs: 24, md: 8 };
  return (
    <Form<UserFormValues>
      form={form}
      name="userAdmin"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="user-form"
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="login_id" label={t('field.login_id')} required rules={[zodRule(F('login_id'))]}>
            <PlainTextInput maxLength={200} autoComplete="off" data-testid="user-login-id" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="default_lang" label={t('field.default_lang')} required>
            <ChoiceField
              options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
              data-testid="user-default-lang"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="last_name" label={t('field.last_name')} required rules={[zodRule(F('last_name'))]}>
            <PlainTextInput maxLength={100} data-testid="user-last-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="first_name"
            label={t('field.first_name')}
            required
            rules={[zodRule(F('first_name'))]}
          >
            <PlainTextInput maxLength={100} data-testid="user-first-name" />
          </Form.Item>
        </Col>
        {isNew && (
          <Col {...half}>
            <Form.Item
              name="password"
              label={t('field.password')}
              extra={t('hint.password')}
              rules={[zodRule((c) => c.ZCreateUserRequest.shape.password)]}
            >
              <PlainPasswordInput maxLength={256} autoComplete="new-password" data-testid="user-password" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <PlainDivider>{t('section.contact')}</PlainDivider>
      <Row gutter={16}>
        {TEXT_FIELDS.map((f) => (
          <Col key={f} {...third}>
            <Form.Item name={f} label={t(`field.${f}`)} rules={[zodRule(F(f))]}>
              <PlainTextInput data-testid={`user-${f.replace('_', '-')}`} />
            </Form.Item>
          </Col>
        ))}
        <Col {...third}>
          <Form.Item name="country_code" label={t('field.country_code')}>
            <SearchSelect fetchOptionKey="country" allowClear data-testid="user-country-code" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="office_code" label={t('field.office')}>
            <LocalComboField
              allowClear
              options={(options.data?.offices ?? []).map((o) => ({
                value: o.code,
                label: `${o.code} - ${o.name}`,
              }))}
              data-testid="user-office"
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="sales_codes" label={t('field.sales_codes')}>
            <CodeTagsField removeLabel={(code) => t('removeCode', { code })} data-testid="user-sales-codes" />
          </Form.Item>
        </Col>
      </Row>
      <PlainDivider>{t('section.profiles')}</PlainDivider>
      <UserProfilesTable options={options.data} />
    </Form>
  );
}
