import { ISF_ROLES, needsIsf } from '@portal/contracts';
import { Col, Flex, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, fieldsOf, zodRule } from '../../../shared/form';
import { PlainAlert } from '../../../shared/plain/plain-alert';
import { PlainTextInput } from '../../../shared/plain/plain-text-input';
import { SearchSelect } from '../../../shared/search-select/search-select';
import type { BookingTabProps } from '../booking-tab-props';
import { useFormValue } from './booking-facts';
import { ISF_FROM_HEADER } from './header-party-address';
import { RolePartyList } from './role-party-list';

/** A card's profile picker loads with the tab's content, after the form's first paint. */
const IsfProfileControls = lazy(() =>
  import('./isf-profile-controls').then((m) => ({ default: m.IsfProfileControls })),
);

const shape = fieldsOf((c) => c.ZIsfParty);

/**
 * ISF parties (US Importer Security Filing, 001 §3): one card per role (seller, manufacturer, buyer, ship
 * to, container stuffing location, consolidator) in the Form.List `isf_parties`; a role is added once.
 * Each card can be filled from, or saved as, one of the user's ISF profiles.
 */
export function IsfTab({ readOnly, onChanged }: BookingTabProps & { onChanged?: () => void }) {
  const { t } = useTranslation('booking-extra');
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
      <RolePartyList
        kind="isf"
        roles={ISF_ROLES}
        shape={shape}
        copySources={ISF_FROM_HEADER}
        readOnly={readOnly}
        onChanged={onChanged}
        cardTools={(index, testId) => (
          <Suspense fallback={null}>
            <IsfProfileControls index={index} testId={testId} />
          </Suspense>
        )}
      >
        {(index, testId) => (
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                name={[index, 'country_of_origin']}
                label={t('isf.countryOfOrigin')}
                required
                rules={[zodRule(shape('country_of_origin'))]}
              >
                <SearchSelect fetchOptionKey="country" data-testid={`${testId}-country-of-origin`} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={[index, 'hts_code']}
                label={t('isf.htsCode')}
                required
                rules={[zodRule(shape('hts_code'))]}
                tooltip={t('isf.htsHint')}
              >
                <PlainTextInput maxLength={10} inputMode="numeric" data-testid={`${testId}-hts`} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </RolePartyList>
    </Flex>
  );
}
