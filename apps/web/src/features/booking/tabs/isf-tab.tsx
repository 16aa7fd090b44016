import { DeleteOutlined } from '@ant-design/icons';
import { ISF_ROLES, needsIsf } from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { Form, fieldsOf, zodRule } from '../../../shared/form';
import { PlainAlert } from '../../../shared/plain/plain-alert';
import { PlainCard } from '../../../shared/plain/plain-card';
import { PlainEmpty } from '../../../shared/plain/plain-list';
import { PlainTextInput } from '../../../shared/plain/plain-text-input';
import { SearchSelect } from '../../../shared/search-select/search-select';
import type { BookingTabProps } from '../booking-tab-props';
import { useFormValue } from './booking-facts';
import { ISF_FROM_HEADER } from './header-party-address';
import { AddRoleButton, PartyAddressFields } from './party-address-fields';

/** A card's profile picker and the header copy load with the tab's content, after the form's first paint. */
const IsfProfileControls = lazy(() =>
  import('./isf-profile-controls').then((m) => ({ default: m.IsfProfileControls })),
);
const CopyHeaderPartiesButton = lazy(() =>
  import('./header-party-copy').then((m) => ({ default: m.CopyHeaderPartiesButton })),
);

type IsfRole = (typeof ISF_ROLES)[number];
const shape = fieldsOf((c) => c.ZIsfParty);

/**
 * ISF parties (US Importer Security Filing, 001 §3): one card per role (seller, manufacturer, buyer, ship
 * to, container stuffing location, consolidator) in the Form.List `isf_parties`; a role is added once.
 * Each card can be filled from, or saved as, one of the user's ISF profiles.
 */
export function IsfTab({ readOnly, onChanged }: BookingTabProps & { onChanged?: () => void }) {
  const { t } = useTranslation('booking-extra');
  const form = Form.useFormInstance();
  const parties = (Form.useWatch('isf_parties', form) ?? []) as Array<{ role?: IsfRole } | undefined>;
  const used = new Set(parties.map((p) => p?.role));
  const free = ISF_ROLES.filter((r) => !used.has(r));
  const pod = useFormValue<string>('pod') ?? '';
  const fd = useFormValue<string>('fd') ?? '';
  const required = needsIsf({ pod, fd });

  return (
    <Flex vertical gap={12} data-testid="isf-tab">
      <PlainAlert
        type={required ? 'warning' : 'info'}
        title={t('isf.intro')}
        description={required ? t('isf.required') : undefined}
        data-testid="isf-intro"
      />
      <Form.List name="isf_parties">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length === 0 && <PlainEmpty text={t('isf.empty')} />}
            {fields.map((field) => {
              const role = parties[field.name]?.role;
              const testId = `isf-${role ?? field.name}`;
              return (
                <PlainCard
                  key={field.key}
                  title={role ? t(`isf.roles.${role}`) : t('isf.party')}
                  data-testid={`${testId}-card`}
                  extra={
                    !readOnly && (
                      <Flex gap={8} wrap align="center">
                        <Suspense fallback={null}>
                          <IsfProfileControls index={field.name} testId={testId} />
                        </Suspense>
                        <Button
                          size="small"
                          danger
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('isf.removeParty')}
                          title={t('isf.removeParty')}
                          onClick={() => remove(field.name)}
                          data-testid={`${testId}-remove`}
                        />
                      </Flex>
                    )
                  }
                >
                  <Form.Item name={[field.name, 'role']} hidden>
                    <PlainTextInput />
                  </Form.Item>
                  <PartyAddressFields
                    listName="isf_parties"
                    index={field.name}
                    shape={shape}
                    testId={testId}
                  />
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'country_of_origin']}
                        label={t('isf.countryOfOrigin')}
                        required
                        rules={[zodRule(shape('country_of_origin'))]}
                      >
                        <SearchSelect fetchOptionKey="country" data-testid={`${testId}-country-of-origin`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'hts_code']}
                        label={t('isf.htsCode')}
                        required
                        rules={[zodRule(shape('hts_code'))]}
                        tooltip={t('isf.htsHint')}
                      >
                        <PlainTextInput maxLength={10} inputMode="numeric" data-testid={`${testId}-hts`} />
                      </Form.Item>
                    </Col>
                  </Row>
                </PlainCard>
              );
            })}
            {/* Inside a Form.Item so the list's own errors (a missing role) read as field errors, in red. */}
            {errors.length > 0 && (
              <Form.Item validateStatus="error" style={{ marginBottom: 0 }} data-testid="isf-errors">
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
            {!readOnly && (
              <Flex gap={8} wrap>
                <Suspense fallback={null}>
                  <CopyHeaderPartiesButton kind="isf" sources={ISF_FROM_HEADER} onChanged={onChanged} />
                </Suspense>
                <AddRoleButton kind="isf" roles={free} onAdd={(role) => add({ role })} />
              </Flex>
            )}
          </>
        )}
      </Form.List>
    </Flex>
  );
}
