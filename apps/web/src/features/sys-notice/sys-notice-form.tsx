import { SYS_NOTICE_TYPES } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodFormRule, zodRule } from '../../shared/form/zod-rule';
import { PlainDateInput } from '../../shared/plain/plain-date-input';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { type SysNoticeFormValues, toRequest } from './sys-notice-form-values';

const F = fieldsOf((c) => c.ZSysNoticeFields);

export interface SysNoticeFormProps {
  form: FormInstance<SysNoticeFormValues>;
  onValuesChange: () => void;
  disabled?: boolean;
}

/** A system notice's fields (001 §3 System notice); dates in Hong Kong time (UTC+8). */
export function SysNoticeForm({ form, onValuesChange, disabled }: SysNoticeFormProps) {
  const { t } = useTranslation('sysNotice');
  const half = { xs: 24, md: 12 };
  return (
    <Form<SysNoticeFormValues>
      form={form}
      name="sysNotice"
      layout="vertical"
      disabled={disabled}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center', focus: true }}
      data-testid="sys-notice-form"
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="notice_type"
            label={t('field.notice_type')}
            required
            rules={[zodRule(F('notice_type'))]}
          >
            <PlainRadioGroup
              options={SYS_NOTICE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
              optionType="button"
              aria-label={t('field.notice_type')}
              data-testid="sys-notice-type"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="affected_system"
            label={t('field.affected_system')}
            rules={[zodRule(F('affected_system'))]}
          >
            <PlainTextInput maxLength={200} data-testid="sys-notice-affected-system" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="notice_title"
            label={t('field.notice_title')}
            required
            rules={[zodRule(F('notice_title'))]}
          >
            <PlainTextInput maxLength={200} data-testid="sys-notice-title" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="notice_body"
            label={t('field.notice_body')}
            required
            rules={[zodRule(F('notice_body'))]}
            extra={t('hint.notice_body')}
          >
            <PlainTextArea rows={4} maxLength={4000} showCount data-testid="sys-notice-body-input" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="valid_from"
            label={t('field.valid_from')}
            required
            rules={[{ required: true, message: t('required') }]}
            extra={t('hint.timeZone')}
          >
            <PlainDateInput kind="datetime" disabled={disabled} data-testid="sys-notice-valid-from" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="valid_to"
            label={t('field.valid_to')}
            required
            dependencies={['valid_from']}
            rules={[
              { required: true, message: t('required') },
              zodFormRule((c) => c.ZCreateSysNoticeRequest, 'valid_to', toRequest),
            ]}
            extra={t('hint.timeZone')}
          >
            <PlainDateInput kind="datetime" disabled={disabled} data-testid="sys-notice-valid-to" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remarks" label={t('field.remarks')} rules={[zodRule(F('remarks'))]}>
        <PlainTextArea rows={2} maxLength={1000} data-testid="sys-notice-remarks" />
      </Form.Item>
    </Form>
  );
}
