import { isRegistrationEmail, REG_MSG } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, type Rule } from '../../shared/form';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { lookupCountries } from './registration-api';

const COUNTRY_DEBOUNCE_MS = 300;

/** Country code with suggestions from GET /master/country/{text} (debounced 300 ms, 000 §9). */
function CountryCodeInput(props: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}) {
  const listId = useId();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (text: string) => {
    clearTimeout(timer.current);
    if (!text.trim()) return setOptions([]);
    timer.current = setTimeout(() => {
      lookupCountries(text.trim())
        .then((list) =>
          setOptions(
            list.map((c) => ({ value: c.country_code, label: `${c.country_code} - ${c.country_name}` })),
          ),
        )
        .catch(() => setOptions([]));
    }, COUNTRY_DEBOUNCE_MS);
  };
  return (
    <>
      <PlainTextInput
        id={props.id}
        value={props.value}
        list={listId}
        autoComplete="off"
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        onChange={(e) => {
          search(e.target.value);
          props.onChange?.(e.target.value.toUpperCase());
        }}
        data-testid="reg-co_country_code"
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** The rules of 000 §5 for the fields both wizards share, as antd rules. */
export function useDetailRules() {
  const { t } = useTranslation(['registration', 'msg']);
  const required: Rule = { required: true, whitespace: true, message: t('registration:rule.required') };
  const name: Rule[] = [
    { required: true, message: t('registration:rule.required') },
    {
      validator: (_, v: string | undefined) =>
        v && !v.trim() ? Promise.reject(new Error(t(`msg:${REG_MSG.nameBlank}`))) : Promise.resolve(),
    },
  ];
  const loginId: Rule[] = [
    {
      validator: (_, v: string | undefined) =>
        v && isRegistrationEmail(v.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t(`msg:${REG_MSG.loginIdEmail}`))),
    },
  ];
  const country: Rule[] = [
    {
      validator: async (_, v: string | undefined) => {
        const code = v?.trim().toUpperCase();
        if (!code) return;
        const found = code.length === 2 ? await lookupCountries(code).catch(() => []) : [];
        if (!found.some((c) => c.country_code === code))
          throw new Error(t(`msg:${REG_MSG.countryCodeInvalid}`));
      },
    },
  ];
  return { required, name, loginId, country };
}

/** The details both wizards collect (000 §3): login id, names, address, country, phone, fax, company... */
export function DetailsFields({ loginIdDisabled = false }: { loginIdDisabled?: boolean }) {
  const { t } = useTranslation('registration');
  const rules = useDetailRules();
  const f = (name: string) => t(`field.${name}`);
  const text = (name: string, fieldRules: Rule[] = [], max = 200) => (
    <Form.Item name={name} label={f(name)} rules={fieldRules}>
      <PlainTextInput maxLength={max} data-testid={`reg-${name}`} />
    </Form.Item>
  );
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item name="login_id" label={f('login_id')} rules={rules.loginId} required>
          <PlainTextInput
            maxLength={254}
            disabled={loginIdDisabled}
            data-testid="reg-login_id"
            autoComplete="email"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {text('family_name', rules.name, 100)}
      </Col>
      <Col xs={24} md={12}>
        {text('given_name', rules.name, 100)}
      </Col>
      <Col xs={24} md={12}>
        {text('co_address1', [rules.required])}
      </Col>
      <Col xs={24} md={12}>
        {text('co_address2')}
      </Col>
      <Col xs={24} md={12}>
        {text('co_address3')}
      </Col>
      <Col xs={24} md={12}>
        {text('co_address4')}
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="co_country_code"
          label={f('co_country_code')}
          rules={rules.country}
          validateDebounce={300}
        >
          <CountryCodeInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        {text('phone', [rules.required], 40)}
      </Col>
      <Col xs={24} md={8}>
        {text('fax', [rules.required], 40)}
      </Col>
      <Col xs={24} md={8}>
        {text('company', [rules.required])}
      </Col>
      <Col xs={24} md={8}>
        {text('department', [], 100)}
      </Col>
      <Col xs={24} md={8}>
        {text('position', [], 100)}
      </Col>
    </Row>
  );
}
