import { INVOICE_PRINT_LAYOUTS, isLineCategory, type TTemplate } from '@portal/contracts';
import { Flex, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { applyServerErrors } from '../../shared/form/server-errors';
import { UnsavedChangesGuard } from '../../shared/form/unsaved-changes-guard';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText } from '../../shared/i18n/error-text';
import { ChoiceField } from '../../shared/plain/form-fields';
import { FormSteps } from '../../shared/plain/form-steps';
import { CodeTagsField } from '../../shared/plain/multi-fields';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { useTemplateMutations } from './template-api';
import { blankLine, initialValues, SETTING_FIELDS, templateBody, type Values } from './template-form-model';
import { useTemplateLabels } from './template-labels';
import { TemplateLinesEditor } from './template-lines-editor';
import { TEMPLATE_SEARCH_PATH, templateDetailsPath } from './template-paths';

/**
 * Create and edit as two steps (002 §2): Setting (name, category, privacy…), then Content (the line grid,
 * the print options or the marks and goods, by category). `editing` saves over it with its version.
 */
export function TemplateWizard({
  editing,
  from,
}: {
  editing: TTemplate | null;
  /** New from a view of another template (TemplateDetails/new/{tmplib_view}). */
  from?: TTemplate | null;
}) {
  const { t } = useTranslation('template');
  const { message } = useApp();
  const navigate = useNavigate();
  const labels = useTemplateLabels();
  const { create, update } = useTemplateMutations();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const dirty = useRef(false);
  const start = editing ?? from ?? null;
  const [initial] = useState(() =>
    initialValues(start, !editing && from ? t('copyOf', { name: from.name }) : null),
  );
  const category = Form.useWatch('category', form) ?? initial.category;
  const privacy = Form.useWatch('privacy', form) ?? initial.privacy;

  const next = async () => {
    try {
      await form.validateFields(SETTING_FIELDS);
      setStep(1);
    } catch {
      // the fields show what is missing
    }
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = templateBody({ ...initial, ...form.getFieldsValue(true) } as Values);
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.tmplib_id, body: { ...body, version: editing.version } })
        : await create.mutateAsync(body);
      dirty.current = false;
      message.success(t(editing ? 'saved' : 'created', { name: saved.name }));
      navigate(templateDetailsPath(saved.tmplib_id));
    } catch (e) {
      const unmatched = applyServerErrors(form, e, t);
      // A name or setting error sends the user back to step 1 where the field is.
      const fields = form.getFieldsError().filter((f) => f.errors.length);
      if (fields.some((f) => SETTING_FIELDS.includes(String(f.name[0])))) setStep(0);
      if (unmatched.length || !fields.length) message.error(errorText(t, e));
    }
  };

  return (
    <Flex vertical gap={16}>
      <UnsavedChangesGuard isDirty={() => dirty.current} />
      <FormSteps current={step} items={[t('step.setting'), t('step.content')]} data-testid="template-steps" />
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => {
          dirty.current = true;
        }}
        data-testid="template-form"
      >
        <div hidden={step !== 0}>
          <Form.Item
            name="name"
            label={t('field.name')}
            rules={[requiredMsgRule('msgFieldRequired', { whitespace: true }), { max: 100 }]}
          >
            <PlainTextInput maxLength={100} data-testid="template-name" autoFocus />
          </Form.Item>
          <Form.Item name="description" label={t('field.description')}>
            <PlainTextArea rows={2} maxLength={500} data-testid="template-description" />
          </Form.Item>
          <Space wrap size="large" align="start">
            <Form.Item name="module" label={t('field.module')} rules={[{ required: true }]}>
              <ChoiceField
                options={labels.moduleOptions}
                style={{ width: 180 }}
                data-testid="template-module"
              />
            </Form.Item>
            <Form.Item name="category" label={t('field.category')} rules={[{ required: true }]}>
              <ChoiceField
                options={labels.categoryOptions}
                style={{ width: 240 }}
                data-testid="template-category"
              />
            </Form.Item>
            <Form.Item name="privacy" label={t('field.privacy')} rules={[{ required: true }]}>
              <ChoiceField
                options={labels.privacyOptions}
                style={{ width: 240 }}
                data-testid="template-privacy"
              />
            </Form.Item>
            {privacy === 'MARKET_OFFICE' && (
              <Form.Item
                name="offices"
                label={t('field.offices')}
                extra={t('hint.offices')}
                rules={[requiredMsgRule('msgTemplateOfficesRequired')]}
              >
                <CodeTagsField
                  removeLabel={(value) => t('removeTag', { value })}
                  data-testid="template-offices"
                />
              </Form.Item>
            )}
          </Space>
          <Form.Item name="tags" label={t('field.tags')} extra={t('hint.tags')}>
            <CodeTagsField
              max={10}
              spaceSeparates={false}
              removeLabel={(value) => t('removeTag', { value })}
              data-testid="template-tags"
            />
          </Form.Item>
          <Space wrap size="large" align="start">
            <Form.Item name="colour" label={t('field.colour')}>
              <PlainRadioGroup options={labels.colourOptions} aria-label={t('field.colour')} />
            </Form.Item>
            <Form.Item name="status" label={t('field.status')}>
              <PlainRadioGroup
                aria-label={t('field.status')}
                options={[
                  { value: 'A', label: t('status.A') },
                  { value: 'I', label: t('status.I') },
                ]}
              />
            </Form.Item>
          </Space>
          {editing && (
            <Form.Item name="release_note" label={t('field.release_note')} extra={t('hint.release_note')}>
              <PlainTextArea rows={2} maxLength={1000} data-testid="template-release-note" />
            </Form.Item>
          )}
        </div>
        <div hidden={step !== 1}>
          {step === 1 && isLineCategory(category) && (
            <TemplateLinesEditor form={form} blankLine={blankLine} />
          )}
          {step === 1 && category === 'PRINT_OPTIONS' && <PrintOptionsFields />}
          {step === 1 && category === 'MARKS_GOODS' && (
            <>
              <Form.Item name={['marks_goods', 'marks']} label={t('marks.marks')}>
                <PlainTextArea rows={4} maxLength={2000} data-testid="template-marks" />
              </Form.Item>
              <Form.Item name={['marks_goods', 'goods_description']} label={t('marks.goods_description')}>
                <PlainTextArea rows={4} maxLength={4000} data-testid="template-goods" />
              </Form.Item>
            </>
          )}
        </div>
      </Form>
      <Flex gap={8}>
        <Button
          onClick={() => navigate(editing ? templateDetailsPath(editing.tmplib_id) : TEMPLATE_SEARCH_PATH)}
        >
          {t('cancel')}
        </Button>
        {step === 1 && (
          <Button onClick={() => setStep(0)} data-testid="template-back">
            {t('back')}
          </Button>
        )}
        {step === 0 ? (
          <Button type="primary" onClick={() => void next()} data-testid="template-next">
            {t('next')}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => void save()}
            loading={create.isPending || update.isPending}
            data-testid="template-save"
          >
            {t('save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** The invoice print options a Print Options template fills in. */
function PrintOptionsFields() {
  const { t } = useTranslation('template');
  return (
    <Flex vertical>
      <Form.Item name={['print_options', 'layout']} label={t('print.layout')} initialValue="auto">
        <ChoiceField
          style={{ width: 240 }}
          options={INVOICE_PRINT_LAYOUTS.map((l) => ({ value: l, label: t(`print.layoutName.${l}`) }))}
          data-testid="template-print-layout"
        />
      </Form.Item>
      <Form.Item name={['print_options', 'language']} label={t('print.language')} initialValue="en">
        <PlainRadioGroup
          aria-label={t('print.language')}
          options={(['en', 'zh', 'zh_cn'] as const).map((v) => ({
            value: v,
            label: t(`print.languageName.${v}`),
          }))}
        />
      </Form.Item>
      <Form.Item name={['print_options', 'copy_label']} label={t('print.copy_label')} initialValue="none">
        <PlainRadioGroup
          aria-label={t('print.copy_label')}
          options={(['none', 'original', 'copy'] as const).map((v) => ({
            value: v,
            label: t(`print.copyName.${v}`),
          }))}
        />
      </Form.Item>
      <Flex wrap gap={16}>
        {(['show_base_currency', 'show_tax', 'show_bank', 'show_remarks'] as const).map((k) => (
          <Form.Item
            key={k}
            name={['print_options', k]}
            label={t(`print.${k}`)}
            valuePropName="checked"
            initialValue
          >
            <PlainCheckbox role="switch" />
          </Form.Item>
        ))}
      </Flex>
    </Flex>
  );
}
