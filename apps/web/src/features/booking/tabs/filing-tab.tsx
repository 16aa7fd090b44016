import { ENS_ROLES, ENS_VALIDATION_START, needsEns } from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Form, fieldsOf, zodRule } from '../../../shared/form';
import { PlainAlert } from '../../../shared/plain/plain-alert';
import { PlainTextInput } from '../../../shared/plain/plain-text-input';
import type { BookingTabProps } from '../booking-tab-props';
import { useFormValue } from './booking-facts';
import { ENS_FROM_HEADER } from './header-party-address';
import { RolePartyList } from './role-party-list';

const shape = fieldsOf((c) => c.ZEnsParty);

/**
 * EU entry filing (ENS, ICS2; 001 §3): shipper, consignee and notify party in the Form.List `ens_parties`,
 * with phone (+country code, no spaces) and EORI. Needed for EU, CH, NO and XI destinations on sailings from
 * ENS_VALIDATION_START.
 */
export function FilingTab({ readOnly, onChanged }: BookingTabProps & { onChanged?: () => void }) {
  const { t } = useTranslation('booking-extra');
  const pod = useFormValue<string>('pod') ?? '';
  const fd = useFormValue<string>('fd') ?? '';
  const etd = useFormValue<Dayjs | string | null>('etd');
  const etdDay = typeof etd === 'string' ? etd : (etd?.format?.('YYYY-MM-DD') ?? '');
  const required = !!etdDay && needsEns({ pod, fd, etd: etdDay });

  return (
    <Flex vertical gap={12} data-testid="filing-tab">
      <PlainAlert
        type={required ? 'warning' : 'info'}
        title={t('ens.title')}
        description={
          <>
            {t('ens.when', { date: ENS_VALIDATION_START })}
            {required && <div data-testid="ens-required">{t('ens.required')}</div>}
          </>
        }
        data-testid="ens-when"
      />
      <RolePartyList
        kind="ens"
        roles={ENS_ROLES}
        shape={shape}
        copySources={ENS_FROM_HEADER}
        readOnly={readOnly}
        onChanged={onChanged}
      >
        {(index, testId) => (
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                name={[index, 'phone']}
                label={t('ens.phone')}
                rules={[zodRule(shape('phone'))]}
                tooltip={t('ens.phoneHint')}
              >
                <PlainTextInput placeholder="+4940123456" maxLength={16} data-testid={`${testId}-phone`} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[index, 'email']} label={t('ens.email')} rules={[zodRule(shape('email'))]}>
                <PlainTextInput maxLength={254} data-testid={`${testId}-email`} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={[index, 'eori_no']}
                label={t('ens.eori')}
                rules={[zodRule(shape('eori_no'))]}
                tooltip={t('ens.eoriHint')}
              >
                <PlainTextInput
                  placeholder="DE123456789012345"
                  maxLength={17}
                  data-testid={`${testId}-eori`}
                />
              </Form.Item>
            </Col>
          </Row>
        )}
      </RolePartyList>
    </Flex>
  );
}
