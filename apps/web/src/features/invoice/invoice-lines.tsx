import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatMoney,
  formatUnitPrice,
  lineMoney,
  TAX_CODE_NAMES,
  TAX_CODES,
  type TChargeCode,
  type TInvoiceType,
  type TTaxDefault,
  type TTaxDefaults,
} from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { Suspense } from 'react';
import { api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import '../../shared/list/data-table.css';
import { useTranslation } from 'react-i18next';
import { Form, type FormInstance } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { PlainTable } from '../../shared/list/plain-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { LocalComboField } from '../../shared/plain/local-combo-field';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { ApplyInvoiceTemplateButton } from '../template';
import { useChargeCodes } from './invoice-api';
import { chargeMatches } from './invoice-charge-match';
import { emptyLine, formTotals, type InvoiceFormValues, type LineValues } from './invoice-form-values';

const DR_CR = [
  { value: 'DR', label: 'DR' },
  { value: 'CR', label: 'CR' },
];
const TAX_OPTIONS = TAX_CODE_NAMES.map((c) => ({ value: c, label: c }));

const descOf = (c: TChargeCode, lang: string) =>
  lang === 'zh-HK' ? c.description_zh_hk : lang === 'zh-CN' ? c.description_zh_cn : c.description_en;

/**
 * Whether a line's description is still one a charge gave it (empty, or a charge's description in any of
 * the three languages): then a new charge replaces it; a description the user typed is kept (docs/decisions.md).
 */
const givenByCharge = (description: string | undefined, codes: readonly TChargeCode[]) =>
  !description?.trim() ||
  codes.some((c) =>
    [c.description_en, c.description_zh_hk, c.description_zh_cn].includes(description.trim()),
  );

/** One line's amounts as the server will compute them (blank while the line is incomplete). */
function LineAmounts({ line, currency }: { line: LineValues | undefined; currency: string }) {
  const { i18n } = useTranslation();
  try {
    if (!line?.unit_price || !line.quantity || !currency) return null;
    const m = lineMoney(
      {
        unit_price: line.unit_price,
        quantity: line.quantity,
        tax_rate: line.tax_rate || '0',
        price_includes_tax: !!line.price_includes_tax,
        dr_cr: line.dr_cr ?? 'DR',
      },
      currency,
    );
    return (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(m.amount, currency, i18n.language)} +{' '}
        {formatMoney(m.tax_amount, currency, i18n.language)} ={' '}
        <b>{formatMoney(m.total_amount, currency, i18n.language)}</b>
      </span>
    );
  } catch {
    return null;
  }
}

/** General Charge tab (002 §3): charge lines with live amounts and the invoice totals. */
export function InvoiceLines({
  form,
  type,
  disabled,
  baseCurrency,
  invId = null,
  requiredLine,
}: {
  form: FormInstance<InvoiceFormValues>;
  type: TInvoiceType;
  disabled: boolean;
  baseCurrency: string;
  /** The saved invoice a template's lines are computed for (issue 16); null while it is new. */
  invId?: number | null;
  /** Line fields the next steps need (contracts' step table), marked required before the user presses them. */
  requiredLine?: ReadonlySet<'tax_code'>;
}) {
  const { t, i18n } = useTranslation(['invoice', 'list']);
  const codes = useChargeCodes(type);
  const lines = Form.useWatch('lines', form) as LineValues[] | undefined;
  const currency = ((Form.useWatch('currency', form) as string | undefined) ?? '').toUpperCase();
  const rate = Form.useWatch('exchange_rate', form) as string | undefined;
  let totals: ReturnType<typeof formTotals> = null;
  try {
    totals = formTotals({ lines, currency, exchange_rate: rate }, baseCurrency);
  } catch {
    totals = null;
  }
  const qc = useQueryClient();
  // Every charge's default tax on this header, fetched once per header (GET /TaxRule/defaults): a picked
  // charge then gets its tax at once, before the user can save.
  const jobNos = Form.useWatch('job_nos', form) as string[] | undefined;
  const accountCode = Form.useWatch('account_code', form) as string | undefined;
  const overseas = Form.useWatch('is_overseas', form) as boolean | undefined;
  const invoiceDate = Form.useWatch('invoice_date', form) as string | null | undefined;
  const headerQuery = {
    job_no: jobNos?.[0],
    account_code: accountCode || undefined,
    is_overseas: overseas === undefined ? undefined : String(!!overseas),
    date: invoiceDate || undefined,
  };
  const defaults = useQuery({
    queryKey: ['invoice', 'taxDefaults', headerQuery],
    queryFn: ({ signal }) => api.get<TTaxDefaults>('/TaxRule/defaults', headerQuery, { signal }),
    enabled: !!headerQuery.job_no && !disabled,
    staleTime: 60_000,
  });
  const options = chargeMatches(
    (codes.data ?? []).map((c) => ({
      value: c.charge_code,
      label: `${c.charge_code} - ${descOf(c, i18n.language)}`,
    })),
    '',
  );
  /**
   * A chosen charge gives the line its description (replacing one an earlier charge gave, keeping one the
   * user typed), its UOM, and the default tax of the tax rules for this invoice (office of its job, customer,
   * local/overseas, date; GET /TaxRule/default), never the first tax code of a list.
   */
  const pickCode = async (index: number, code: string) => {
    const c = codes.data?.find((x) => x.charge_code === code);
    if (!c) return;
    const current = form.getFieldValue(['lines', index]) as LineValues;
    form.setFieldValue(['lines', index], {
      ...current,
      charge_code: code,
      description: givenByCharge(current.description, codes.data ?? [])
        ? descOf(c, i18n.language)
        : current.description,
      uom: c.uom,
    });
    const header = {
      job_nos: form.getFieldValue('job_nos') as string[] | undefined,
      account_code: form.getFieldValue('account_code') as string | undefined,
      is_overseas: form.getFieldValue('is_overseas') as boolean | undefined,
      invoice_date: form.getFieldValue('invoice_date') as string | null | undefined,
    };
    const params = {
      job_no: header.job_nos?.[0],
      account_code: header.account_code || undefined,
      charge_code: code,
      is_overseas: header.is_overseas === undefined ? undefined : String(!!header.is_overseas),
      date: header.invoice_date || undefined,
    };
    if (!params.job_no) return;
    const known = defaults.data?.[code];
    if (known && defaults.data && params.job_no === headerQuery.job_no) {
      form.setFieldValue(['lines', index, 'tax_code'], known.tax_code ?? null);
      form.setFieldValue(['lines', index, 'tax_rate'], known.tax_rate ?? '0');
      return;
    }
    try {
      const d = await qc.fetchQuery({
        queryKey: ['invoice', 'taxDefault', params],
        queryFn: ({ signal }) => api.get<TTaxDefault>('/TaxRule/default', params, { signal }),
        staleTime: 60_000,
      });
      // The line may have changed charge meanwhile: only the answer for its current charge applies.
      if (form.getFieldValue(['lines', index, 'charge_code']) !== code) return;
      form.setFieldValue(['lines', index, 'tax_code'], d.tax_code ?? null);
      form.setFieldValue(['lines', index, 'tax_rate'], d.tax_rate ?? '0');
    } catch {
      // No default (the user picks the tax code); the save names a missing or wrong one.
    }
  };
  const money = (v: string | undefined) => (v === undefined ? '—' : formatMoney(v, currency, i18n.language));
  /** A typed unit price tidied when the user leaves it: at least the currency's decimals ("1200.5" → "1200.50"). */
  const tidyUnitPrice = (index: number) => {
    const v = (form.getFieldValue(['lines', index, 'unit_price']) as string | undefined)?.trim();
    if (!v || !currency || !/^-?\d+(\.\d+)?$/.test(v)) return;
    try {
      const tidy = formatUnitPrice(v, currency, 'en-US').replaceAll(',', '');
      if (tidy !== v) form.setFieldValue(['lines', index, 'unit_price'], tidy);
    } catch {
      // An unknown currency: left as typed; the save names it.
    }
  };
  const taxRequired = !!requiredLine?.has('tax_code');

  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          <PlainTable
            rows={fields}
            rowKey={(f) => f.key}
            wrap
            empty={<p>{t('list:empty')}</p>}
            data-testid="invoice-lines"
            columns={[
              {
                key: 'charge_code',
                title: t('line.charge_code'),
                width: 220,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'charge_code']} noStyle rules={[requiredMsgRule()]}>
                    <LocalComboField
                      options={options}
                      filter={chargeMatches}
                      floatingPopup
                      disabled={disabled}
                      style={{ width: 210 }}
                      aria-label={`${t('line.charge_code')} ${f.name + 1}`}
                      onChange={(v) => v && void pickCode(f.name, v)}
                      data-testid={`line-${f.name}-charge_code`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'description',
                title: t('line.description'),
                width: 200,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'description']} noStyle>
                    <PlainTextInput
                      disabled={disabled}
                      style={{ width: 190 }}
                      aria-label={`${t('line.description')} ${f.name + 1}`}
                      data-testid={`line-${f.name}-description`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'reference',
                title: t('line.reference'),
                width: 120,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'reference']} noStyle>
                    <PlainTextInput
                      disabled={disabled}
                      style={{ width: 110 }}
                      aria-label={`${t('line.reference')} ${f.name + 1}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'unit_price',
                title: t('line.unit_price'),
                width: 120,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'unit_price']} noStyle>
                    <PlainTextInput
                      inputMode="decimal"
                      disabled={disabled}
                      style={{ width: 110 }}
                      aria-label={`${t('line.unit_price')} ${f.name + 1}`}
                      data-testid={`line-${f.name}-unit_price`}
                      onBlur={() => tidyUnitPrice(f.name)}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'price_includes_tax',
                title: t('line.price_includes_tax'),
                width: 70,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'price_includes_tax']} valuePropName="checked" noStyle>
                    <PlainCheckbox
                      disabled={disabled}
                      aria-label={`${t('line.price_includes_tax')} ${f.name + 1}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'quantity',
                title: t('line.quantity'),
                width: 80,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'quantity']} noStyle>
                    <PlainTextInput
                      inputMode="decimal"
                      disabled={disabled}
                      style={{ width: 70 }}
                      aria-label={`${t('line.quantity')} ${f.name + 1}`}
                      data-testid={`line-${f.name}-quantity`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'uom',
                title: t('line.uom'),
                width: 80,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'uom']} noStyle>
                    <PlainTextInput
                      disabled={disabled}
                      style={{ width: 70 }}
                      aria-label={`${t('line.uom')} ${f.name + 1}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'dr_cr',
                title: t('line.dr_cr'),
                width: 80,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'dr_cr']} noStyle>
                    <ChoiceField
                      disabled={disabled}
                      options={DR_CR}
                      style={{ width: 70 }}
                      aria-label={`${t('line.dr_cr')} ${f.name + 1}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'tax_code',
                title: taxRequired ? (
                  <span className="invoice-line-required" data-testid="invoice-line-tax-required">
                    {t('line.tax_code')}
                  </span>
                ) : (
                  t('line.tax_code')
                ),
                width: 110,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'tax_code']} noStyle>
                    <ChoiceField
                      disabled={disabled}
                      allowClear
                      style={{ width: 100 }}
                      aria-label={`${t('line.tax_code')} ${f.name + 1}`}
                      aria-required={taxRequired || undefined}
                      options={TAX_OPTIONS}
                      onChange={(c) => {
                        if (c)
                          form.setFieldValue(
                            ['lines', f.name, 'tax_rate'],
                            TAX_CODES[c as keyof typeof TAX_CODES],
                          );
                      }}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'tax_rate',
                title: t('line.tax_rate'),
                width: 70,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'tax_rate']} noStyle>
                    <PlainTextInput
                      inputMode="decimal"
                      disabled={disabled}
                      style={{ width: 60 }}
                      aria-label={`${t('line.tax_rate')} ${f.name + 1}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'amounts',
                title: `${t('line.amount')} + ${t('line.tax_amount')} = ${t('line.total_amount')}`,
                width: 220,
                render: (_, f) => <LineAmounts line={lines?.[f.name]} currency={currency} />,
              },
              {
                key: 'remove',
                title: '',
                width: 50,
                render: (_, f) =>
                  !disabled && (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('removeLine')}
                      onClick={() => remove(f.name)}
                    />
                  ),
              },
            ]}
          />
          {!disabled && (
            <Flex gap={8}>
              <Button icon={<PlusOutlined />} onClick={() => add(emptyLine())} data-testid="invoice-add-line">
                {t('addLine')}
              </Button>
              <Suspense fallback={null}>
                <ApplyInvoiceTemplateButton
                  invId={invId}
                  onLines={(applied) => {
                    // Template lines replace a still-empty first line, then append (saved with the invoice).
                    const kept = (form.getFieldValue('lines') as LineValues[]).filter((l) => l.charge_code);
                    form.setFieldValue('lines', [
                      ...kept,
                      ...applied.map(
                        (l): LineValues => ({
                          charge_code: l.charge_code,
                          description: l.description,
                          reference: l.reference,
                          unit_price: l.unit_price,
                          quantity: l.quantity,
                          uom: l.uom,
                          dr_cr: l.dr_cr,
                          tax_code: l.tax_code,
                          tax_rate: l.tax_rate,
                          price_includes_tax: false,
                        }),
                      ),
                    ]);
                  }}
                />
              </Suspense>
            </Flex>
          )}
          <PlainFacts
            size="small"
            bordered
            column={4}
            data-testid="invoice-totals"
            items={[
              { key: 'net', label: t('totals.net'), children: money(totals?.net_amount) },
              { key: 'tax', label: t('totals.tax'), children: money(totals?.tax_amount) },
              {
                key: 'total',
                label: t('totals.total'),
                children: <span data-testid="invoice-total">{money(totals?.total_amount)}</span>,
              },
              {
                key: 'base',
                label: t('totals.base', { currency: baseCurrency }),
                children:
                  totals && (rate || currency === baseCurrency)
                    ? formatMoney(totals.base_total_amount, baseCurrency, i18n.language)
                    : '—',
              },
            ]}
          />
        </Flex>
      )}
    </Form.List>
  );
}
