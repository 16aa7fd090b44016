import { DeleteOutlined } from '@ant-design/icons';
import { ENS_ROLES, ENS_VALIDATION_START, needsEns } from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { Form, fieldsOf, zodRule } from '../../../shared/form';
import { PlainAlert } from '../../../shared/plain/plain-alert';
import { PlainCard } from '../../../shared/plain/plain-card';
import { PlainEmpty } from '../../../shared/plain/plain-list';
import { PlainTextInput } from '../../../shared/plain/plain-text-input';
import type { BookingTabProps } from '../booking-tab-props';
import { useFormValue } from './booking-facts';
import { ENS_FROM_HEADER } from './header-party-address';
import { AddRoleButton, PartyAddressFields } from './party-address-fields';

const CopyHeaderPartiesButton = lazy(() =>
  import('./header-party-copy').then((m) => ({ default: m.CopyHeaderPartiesButton })),
);

type EnsRole = (typeof ENS_ROLES)[number];
const shape = fieldsOf((c) => c.ZEnsParty);

/**
 * EU entry filing (ENS, ICS2; 001 §3): shipper, consignee and notify party in the Form.List `ens_parties`,
 * with phone (+country code, no spaces) and EORI. Needed for EU, CH, NO and XI destinations on sailings from
 * ENS_VALIDATION_START.
 */
export function FilingTab({ readOnly, onChanged }: BookingTabProps & { onChanged?: () => void }) {
  const { t } = useTranslation('booking-extra');
  const form = Form.useFormInstance();
  const parties = (Form.useWatch('ens_parties', form) ?? []) as Array<{ role?: EnsRole } | undefined>;
  const used = new Set(parties.map((p) => p?.role));
  const free = ENS_ROLES.filter((r) => !used.has(r));
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
      <Form.List name="ens_parties">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length === 0 && <PlainEmpty text={t('ens.empty')} />}
            {fields.map((field) => {
              const role = parties[field.name]?.role;
              const testId = `ens-${role ?? field.name}`;
              return (
                <PlainCard
                  key={field.key}
                  title={role ? t(`ens.roles.${role}`) : t('ens.party')}
                  data-testid={`${testId}-card`}
                  extra={
                    !readOnly && (
                      <Button
                        size="small"
                        danger
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('ens.removeParty')}
                        title={t('ens.removeParty')}
                        onClick={() => remove(field.name)}
                        data-testid={`${testId}-remove`}
                      />
                    )
                  }
                >
                  <Form.Item name={[field.name, 'role']} hidden>
                    <PlainTextInput />
                  </Form.Item>
                  <PartyAddressFields
                    listName="ens_parties"
                    index={field.name}
                    shape={shape}
                    testId={testId}
                  />
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'phone']}
                        label={t('ens.phone')}
                        rules={[zodRule(shape('phone'))]}
                        tooltip={t('ens.phoneHint')}
                      >
                        <PlainTextInput
                          placeholder="+4940123456"
                          maxLength={16}
                          data-testid={`${testId}-phone`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'email']}
                        label={t('ens.email')}
                        rules={[zodRule(shape('email'))]}
                      >
                        <PlainTextInput maxLength={254} data-testid={`${testId}-email`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'eori_no']}
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
                </PlainCard>
              );
            })}
            {/* Inside a Form.Item so the list's own errors (a missing role) read as field errors, in red. */}
            {errors.length > 0 && (
              <Form.Item validateStatus="error" style={{ marginBottom: 0 }} data-testid="ens-errors">
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
            {!readOnly && (
              <Flex gap={8} wrap>
                <Suspense fallback={null}>
                  <CopyHeaderPartiesButton kind="ens" sources={ENS_FROM_HEADER} onChanged={onChanged} />
                </Suspense>
                <AddRoleButton kind="ens" roles={free} onAdd={(role) => add({ role })} />
              </Flex>
            )}
          </>
        )}
      </Form.List>
    </Flex>
  );
}
