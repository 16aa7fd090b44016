import {
  TAX_CODE_NAMES,
  TAX_CODES,
  TAX_RULE_SCOPES,
  type TTaxRule,
  type TTaxRuleFields,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { applyServerErrors, Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { TAX_RULE_LIST_PATH, taxRulePath } from './invoice-paths';

const KEY = ['invoice', 'taxRules'] as const;

function useTaxRules() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<TTaxRule[]>('/TaxRule', undefined, { signal }),
  });
}

type Values = Omit<TTaxRuleFields, 'scope'> & { scope: string };

/** /INV/TaxRules (finance, inv_tax_rule): the rules that give charge lines their default tax, with sources. */
export function TaxRuleListPage() {
  const { t } = useTranslation('invoice');
  const navigate = useNavigate();
  const q = useTaxRules();
  const any = t('tr.any');
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('tr.listTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => navigate(taxRulePath('new'))} data-testid="tax-rule-new">
          {t('tr.newRule')}
        </Button>
      </Flex>
      {q.error && <PlainAlert type="error" title={errorText(t, q.error)} />}
      <StaticTable<TTaxRule>
        rowKey="id"
        loading={q.isPending}
        rows={q.data ?? []}
        pageSize={false}
        data-testid="tax-rule-table"
        columns={[
          {
            key: 'office_country',
            title: t('tr.office_country'),
            render: (_, r) => <Link to={taxRulePath(r.id)}>{r.office_country}</Link>,
          },
          { key: 'company_id', title: t('tr.company_id'), render: (_, r) => r.company_id ?? any },
          {
            key: 'customer_country',
            title: t('tr.customer_country'),
            render: (_, r) => r.customer_country ?? any,
          },
          { key: 'charge_code', title: t('tr.charge_code'), render: (_, r) => r.charge_code ?? any },
          { key: 'scope', title: t('tr.scope'), render: (_, r) => t(`tr.scopes.${r.scope}`) },
          { key: 'tax_code', title: t('tr.tax_code'), dataIndex: 'tax_code' },
          { key: 'tax_rate', title: t('tr.tax_rate'), dataIndex: 'tax_rate', align: 'right' },
          {
            key: 'effective',
            title: t('tr.effective'),
            render: (_, r) => `${r.effective_from} – ${r.effective_to ?? ''}`,
          },
          { key: 'source', title: t('tr.source'), dataIndex: 'source' },
        ]}
      />
    </Flex>
  );
}

/** /INV/TaxRules/{id|new}: a rule's conditions, tax code and rate, source and dates. */
export function TaxRuleDetailPage() {
  const { t } = useTranslation('invoice');
  const { message } = useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const one = useQuery({
    queryKey: [...KEY, id],
    queryFn: ({ signal }) => api.get<TTaxRule>(`/TaxRule/${id}`, undefined, { signal }),
    enabled: id !== null,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      one.data
        ? api.put<TTaxRule>(`/TaxRule/${one.data.id}`, { ...v, version: one.data.version })
        : api.post<TTaxRule>('/TaxRule', v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
  const [form] = Form.useForm<Values>();
  if (id !== null && one.error) return <PlainAlert type="error" title={errorText(t, one.error)} />;
  if (id !== null && !one.data)
    return <span className="plain-spinner" role="status" aria-label={t('common:loading')} />;
  const r = one.data;
  const submit = async (v: Values) => {
    try {
      const saved = await save.mutateAsync(v);
      message.success(t('tr.saved'));
      navigate(taxRulePath(saved.id), { replace: true });
    } catch (e) {
      const unmatched = applyServerErrors(form, e, t);
      if (unmatched.length || !form.getFieldsError().some((f) => f.errors.length))
        message.error(errorText(t, e));
    }
  };
  const text = (name: keyof Values, testId: string, extra: { maxLength?: number; type?: string } = {}) => (
    <Form.Item name={name} label={t(`tr.${name}`)}>
      <PlainTextInput data-testid={testId} {...extra} />
    </Form.Item>
  );
  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {r ? t('tr.editTitle', { id: r.id }) : t('tr.newRule')}
      </Typography.Title>
      <Form<Values>
        key={r ? `${r.id}-${r.version}` : 'new'}
        form={form}
        layout="vertical"
        initialValues={
          r ?? { scope: 'ANY', tax_rate: '0', effective_from: new Date().toISOString().slice(0, 10) }
        }
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="office_country" label={t('tr.office_country')} rules={[requiredMsgRule()]}>
          <PlainTextInput maxLength={2} data-testid="tr-office_country" />
        </Form.Item>
        {text('company_id', 'tr-company_id', { maxLength: 20 })}
        {text('customer_country', 'tr-customer_country', { maxLength: 2 })}
        {text('charge_code', 'tr-charge_code', { maxLength: 20 })}
        <Form.Item name="scope" label={t('tr.scope')}>
          <ChoiceField
            options={TAX_RULE_SCOPES.map((s) => ({ value: s, label: t(`tr.scopes.${s}`) }))}
            data-testid="tr-scope"
          />
        </Form.Item>
        <Form.Item name="tax_code" label={t('tr.tax_code')} rules={[requiredMsgRule()]}>
          <ChoiceField
            options={TAX_CODE_NAMES.map((c) => ({ value: c, label: c }))}
            onChange={(c) => c && form.setFieldValue('tax_rate', TAX_CODES[c as keyof typeof TAX_CODES])}
            data-testid="tr-tax_code"
          />
        </Form.Item>
        <Form.Item name="tax_rate" label={t('tr.tax_rate')} rules={[requiredMsgRule()]}>
          <PlainTextInput inputMode="decimal" data-testid="tr-tax_rate" />
        </Form.Item>
        <Form.Item name="source" label={t('tr.source')} rules={[requiredMsgRule()]}>
          <PlainTextInput maxLength={500} data-testid="tr-source" />
        </Form.Item>
        <Form.Item name="effective_from" label={t('tr.effective_from')} rules={[requiredMsgRule()]}>
          <PlainTextInput type="date" data-testid="tr-effective_from" />
        </Form.Item>
        {text('effective_to', 'tr-effective_to', { type: 'date' })}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="tr-save">
            {t('save')}
          </Button>
          <Button onClick={() => navigate(TAX_RULE_LIST_PATH)}>{t('tr.back')}</Button>
        </Flex>
      </Form>
    </Flex>
  );
}
