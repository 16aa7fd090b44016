import type { ZPartyFields } from '@portal/contracts';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Form, type Rule } from '../../shared/form';
import { zodFormRule, zodRule } from '../../shared/form/zod-rule';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { toRequest } from './party-form-values';
import { usePartyLabels } from './party-labels';

type FieldName = keyof typeof ZPartyFields.shape;

/** Fields checked across fields (001 §5: ZIP by country, EORI where mandatory, bank details, office hours). */
const CROSS_FIELD: Partial<Record<FieldName, string[]>> = {
  zip_postal: ['country_code'],
  eori_no: ['party_type', 'country_code', 'zip_postal'],
  bank_name: ['bank_account_no', 'bank_currency', 'beneficiary_name', 'bic'],
  bank_account_no: ['bank_name', 'bank_currency', 'beneficiary_name', 'bic'],
  bank_currency: ['bank_name', 'bank_account_no', 'beneficiary_name', 'bic'],
  office_hour_to: ['office_hour_from'],
};

export interface PartyFieldProps {
  name: FieldName;
  children?: ReactNode;
  required?: boolean;
  hint?: string;
  span?: number;
  valuePropName?: string;
}

/** One form field validated with the contracts schema of that field (and its cross-field rule). */
export function PartyField({ name, children, required, hint, span = 8, valuePropName }: PartyFieldProps) {
  const labels = usePartyLabels();
  const rules: Rule[] = [zodRule((c) => c.ZPartyFields.shape[name])];
  const deps = CROSS_FIELD[name];
  if (deps)
    rules.push(
      zodFormRule(
        (c) => c.ZCreatePartyRequest,
        name,
        (v) => toRequest(v),
      ),
    );
  return (
    <Col xs={24} md={12} lg={span}>
      <Form.Item
        name={name}
        label={labels.field(name)}
        rules={rules}
        required={required}
        extra={hint}
        dependencies={deps}
        valuePropName={valuePropName}
      >
        {children ?? <PlainTextInput data-testid={`party-field-${name}`} />}
      </Form.Item>
    </Col>
  );
}

/** A row of fields. */
export const FieldRow = ({ children }: { children: ReactNode }) => <Row gutter={16}>{children}</Row>;
