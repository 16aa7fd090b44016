import { PlusOutlined } from '@ant-design/icons';
import { isValidState, isValidZip } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form, type Rule, type SchemaPick, zodRule } from '../../../shared/form';
import { msgTextOf } from '../../../shared/form/zod-rule';
import { MenuButton } from '../../../shared/plain/menu-button';
import { PlainTextInput } from '../../../shared/plain/plain-text-input';
import { SearchSelect } from '../../../shared/search-select/search-select';

/** The address fields ISF and ENS parties share; each list passes its zod shape for the field rules. */
export interface PartyAddressFieldsProps {
  /** Form.List name: 'isf_parties' or 'ens_parties'. */
  listName: string;
  /** The item's index inside the Form.List. */
  index: number;
  shape: (field: 'name' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country_code') => SchemaPick;
  /** Prefix of the data-testid of every input, e.g. 'isf-0'. */
  testId: string;
}

/** Rules checking state and ZIP against the item's country (001 §5: US/CA states, ZIP by country). */
export function useStateZipRules(listName: string, index: number) {
  const countryPath = [listName, index, 'country_code'];
  const state: Rule = ({ getFieldValue }) => ({
    validator: async (_r, v: string | null | undefined) => {
      if (!isValidState(getFieldValue(countryPath) as string | undefined, v))
        throw new Error(await msgTextOf('msgStateInvalid'));
    },
  });
  const zip: Rule = ({ getFieldValue }) => ({
    validator: async (_r, v: string | null | undefined) => {
      if (!isValidZip(getFieldValue(countryPath) as string | undefined, v))
        throw new Error(await msgTextOf('msgZipInvalid'));
    },
  });
  return { state, zip, countryPath };
}

export function PartyAddressFields({ listName, index, shape, testId }: PartyAddressFieldsProps) {
  const { t } = useTranslation('booking-extra');
  const rules = useStateZipRules(listName, index);
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item name={[index, 'name']} label={t('party.name')} required rules={[zodRule(shape('name'))]}>
          <PlainTextInput maxLength={100} data-testid={`${testId}-name`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[index, 'city']} label={t('party.city')} required rules={[zodRule(shape('city'))]}>
          <PlainTextInput maxLength={60} data-testid={`${testId}-city`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[index, 'address1']}
          label={t('party.address1')}
          required
          rules={[zodRule(shape('address1'))]}
        >
          <PlainTextInput maxLength={100} data-testid={`${testId}-address1`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[index, 'address2']}
          label={t('party.address2')}
          rules={[zodRule(shape('address2'))]}
        >
          <PlainTextInput maxLength={100} data-testid={`${testId}-address2`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name={[index, 'country_code']}
          label={t('party.country')}
          required
          rules={[zodRule(shape('country_code'))]}
        >
          <SearchSelect fetchOptionKey="country" data-testid={`${testId}-country`} />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item
          name={[index, 'state']}
          label={t('party.state')}
          dependencies={[rules.countryPath]}
          validateFirst
          rules={[rules.state, zodRule(shape('state'))]}
          tooltip={t('party.stateHint')}
        >
          <PlainTextInput maxLength={60} data-testid={`${testId}-state`} />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item
          name={[index, 'zip']}
          label={t('party.zip')}
          dependencies={[rules.countryPath]}
          validateFirst
          rules={[rules.zip, zodRule(shape('zip'))]}
        >
          <PlainTextInput maxLength={20} data-testid={`${testId}-zip`} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** "Add party" for the roles not on the list yet (ISF or ENS): a menu of the free roles. */
export function AddRoleButton({
  kind,
  roles,
  onAdd,
}: {
  kind: 'isf' | 'ens';
  roles: readonly string[];
  onAdd: (role: string) => void;
}) {
  const { t } = useTranslation('booking-extra');
  if (roles.length === 0) return null;
  return (
    <MenuButton
      className="plain-button plain-button--default"
      label={
        <>
          <PlusOutlined /> {t(`${kind}.addParty`)}
        </>
      }
      items={roles.map((r) => ({
        key: r,
        label: t(`${kind}.roles.${r}`),
        'data-testid': `${kind}-add-${r}`,
      }))}
      onSelect={onAdd}
      data-testid={`${kind}-add`}
    />
  );
}
