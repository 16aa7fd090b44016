import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TChargeCode, TTemplateLineInput } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { Form, type FormInstance, type FormListFieldData } from '../../shared/form';
import { msgTextOf, patternMsgRule, requiredMsgRule } from '../../shared/form/zod-rule';
import { StaticTable } from '../../shared/list/static-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { LocalComboField } from '../../shared/plain/local-combo-field';
import { PlainEmpty } from '../../shared/plain/plain-list';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { DECIMAL, lineTotal } from './template-form-model';
import { useTemplateLabels } from './template-labels';

/** Column widths in px: the inputs keep them (a narrow screen scrolls the grid sideways). */
const WIDTH = {
  dr_cr: 80,
  basis: 170,
  container_size: 110,
  charge_code: 220,
  print_description: 180,
  currency: 90,
  unit_price: 110,
  quantity: 90,
  uom: 90,
  min_charge: 100,
  max_charge: 100,
  description: 180,
  total: 130,
  remove: 50,
} as const;

const DR_CR = [
  { value: 'DR', label: 'DR' },
  { value: 'CR', label: 'CR' },
];

/** The Content step's editable line grid (002 §3 Template lines). Every cell is a form field, tab order left to right. */
export function TemplateLinesEditor({
  form,
  blankLine,
}: {
  form: FormInstance;
  blankLine: () => TTemplateLineInput;
}) {
  const { t, i18n } = useTranslation('template');
  const labels = useTemplateLabels();
  const codes = useQuery({
    queryKey: ['template', 'chargeCodes'],
    queryFn: ({ signal }) => api.get<TChargeCode[]>('/ChargeCode', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  const lines = Form.useWatch('lines', form) as TTemplateLineInput[] | undefined;
  const required = requiredMsgRule();
  const decimal = patternMsgRule(DECIMAL, 'msgAmountInvalid');
  const pickCode = (index: number, code: string) => {
    const c = codes.data?.find((x) => x.charge_code === code);
    const current = form.getFieldValue(['lines', index]) as TTemplateLineInput;
    if (c) form.setFieldValue(['lines', index], { ...current, uom: current.uom || c.uom });
  };
  /** A cell's name for a screen reader: its column and line ("Unit price 1"). */
  const label = (name: number, field: string) => `${t(`line.${field}`)} ${name + 1}`;
  const cell = (
    name: number,
    field: keyof TTemplateLineInput & keyof typeof WIDTH,
    node: ReactNode,
    rules: object[] = [],
  ) => (
    // StaticTable sizes columns to their content: the input keeps its column's width (less the padding).
    <Form.Item name={[name, field]} rules={rules} style={{ margin: 0, minWidth: WIDTH[field] - 16 }}>
      {node}
    </Form.Item>
  );

  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: async (_, v: unknown[] | undefined) => {
            if (!v?.length) throw new Error(await msgTextOf('msgTemplateContentRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          <StaticTable<FormListFieldData>
            pageSize={false}
            rowKey="key"
            rows={fields}
            empty={<PlainEmpty text={t('noLines')} />}
            data-testid="template-lines"
            columns={[
              {
                key: 'dr_cr',
                title: t('line.dr_cr'),
                width: WIDTH.dr_cr,
                render: (_, f) =>
                  cell(f.name, 'dr_cr', <ChoiceField options={DR_CR} aria-label={label(f.name, 'dr_cr')} />, [
                    required,
                  ]),
              },
              {
                key: 'basis',
                title: t('line.basis'),
                width: WIDTH.basis,
                render: (_, f) =>
                  cell(
                    f.name,
                    'basis',
                    <ChoiceField
                      options={labels.basisOptions}
                      aria-label={label(f.name, 'basis')}
                      data-testid={`tline-${f.name}-basis`}
                    />,
                    [required],
                  ),
              },
              {
                key: 'container_size',
                title: t('line.container_size'),
                width: WIDTH.container_size,
                render: (_, f) =>
                  lines?.[f.name]?.basis === 'CONTAINER_SIZE'
                    ? cell(
                        f.name,
                        'container_size',
                        <PlainTextInput
                          placeholder={t('line.anySize')}
                          maxLength={10}
                          aria-label={label(f.name, 'container_size')}
                        />,
                      )
                    : null,
              },
              {
                key: 'charge_code',
                title: <span className="required-mark">{t('line.charge_code')} *</span>,
                width: WIDTH.charge_code,
                render: (_, f) =>
                  cell(
                    f.name,
                    'charge_code',
                    <LocalComboField
                      className="plain-combobox--block"
                      aria-label={label(f.name, 'charge_code')}
                      loading={codes.isLoading}
                      options={(codes.data ?? []).map((c) => ({
                        value: c.charge_code,
                        label: `${c.charge_code} - ${c.description_en}`,
                      }))}
                      onChange={(v) => v && pickCode(f.name, v)}
                      data-testid={`tline-${f.name}-charge_code`}
                    />,
                    [required],
                  ),
              },
              {
                key: 'print_description',
                title: t('line.print_description'),
                width: WIDTH.print_description,
                render: (_, f) =>
                  cell(
                    f.name,
                    'print_description',
                    <PlainTextInput maxLength={200} aria-label={label(f.name, 'print_description')} />,
                  ),
              },
              {
                key: 'currency',
                title: <span>{t('line.currency')} *</span>,
                width: WIDTH.currency,
                render: (_, f) =>
                  cell(
                    f.name,
                    'currency',
                    <PlainTextInput
                      maxLength={3}
                      aria-label={label(f.name, 'currency')}
                      data-testid={`tline-${f.name}-currency`}
                    />,
                    [required, patternMsgRule(/^[A-Za-z]{3}$/, 'msgFieldInvalid')],
                  ),
              },
              {
                key: 'unit_price',
                title: <span>{t('line.unit_price')} *</span>,
                width: WIDTH.unit_price,
                render: (_, f) =>
                  cell(
                    f.name,
                    'unit_price',
                    <PlainTextInput
                      inputMode="decimal"
                      aria-label={label(f.name, 'unit_price')}
                      data-testid={`tline-${f.name}-unit_price`}
                    />,
                    [required, decimal],
                  ),
              },
              {
                key: 'quantity',
                title: <span>{t('line.quantity')} *</span>,
                width: WIDTH.quantity,
                render: (_, f) =>
                  cell(
                    f.name,
                    'quantity',
                    <PlainTextInput inputMode="decimal" aria-label={label(f.name, 'quantity')} />,
                    [required, decimal],
                  ),
              },
              {
                key: 'uom',
                title: <span>{t('line.uom')} *</span>,
                width: WIDTH.uom,
                render: (_, f) =>
                  cell(
                    f.name,
                    'uom',
                    <PlainTextInput
                      maxLength={10}
                      aria-label={label(f.name, 'uom')}
                      data-testid={`tline-${f.name}-uom`}
                    />,
                    [required],
                  ),
              },
              {
                key: 'min_charge',
                title: t('line.min_charge'),
                width: WIDTH.min_charge,
                render: (_, f) =>
                  cell(
                    f.name,
                    'min_charge',
                    <PlainTextInput inputMode="decimal" aria-label={label(f.name, 'min_charge')} />,
                    [decimal],
                  ),
              },
              {
                key: 'max_charge',
                title: t('line.max_charge'),
                width: WIDTH.max_charge,
                render: (_, f) =>
                  cell(
                    f.name,
                    'max_charge',
                    <PlainTextInput inputMode="decimal" aria-label={label(f.name, 'max_charge')} />,
                    [decimal],
                  ),
              },
              {
                key: 'description',
                title: t('line.description'),
                width: WIDTH.description,
                render: (_, f) =>
                  cell(
                    f.name,
                    'description',
                    <PlainTextInput maxLength={200} aria-label={label(f.name, 'description')} />,
                  ),
              },
              {
                key: 'total',
                title: t('line.total_amount'),
                width: WIDTH.total,
                render: (_, f) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{lineTotal(lines?.[f.name], i18n.language)}</span>
                ),
              },
              {
                key: 'remove',
                title: '',
                width: WIDTH.remove,
                render: (_, f) => (
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('line.remove', { n: f.name + 1 })}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() => add(blankLine())}
            style={{ alignSelf: 'start' }}
            data-testid="template-add-line"
          >
            {t('line.add')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
