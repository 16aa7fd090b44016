import type { TCarrierContract } from '@portal/contracts';
import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { applyServerErrors } from '../../shared/form/server-errors';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { DateField } from '../../shared/plain/form-date-field';
import { ChoiceField } from '../../shared/plain/form-fields';
import { NumberField } from '../../shared/plain/form-number-field';
import { CodeTagsField } from '../../shared/plain/multi-fields';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { useSaveCarrierContract } from './carrier-contract-api';
import { type ContractFormValues, contractBody, contractFormValues } from './carrier-contract-form';

const DAY = 'YYYY-MM-DD';

interface Props {
  /** The contract to edit, or 'new'. */
  c: TCarrierContract | 'new';
  onClose: () => void;
}

/**
 * Add or edit a carrier contract in a dialog (antd Modal, the shared form and its plain fields): loaded
 * when a user first opens one, so the list loads without them (issue 20). The server's translated 400s land
 * on their fields.
 */
export default function CarrierContractDialog({ c, onClose }: Props) {
  const { t } = useTranslation(['carrier-contract', 'msg']);
  const { message } = useApp();
  const save = useSaveCarrierContract();
  const [form] = Form.useForm<ContractFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = contractFormValues(c);
  const from = Form.useWatch('valid_from', form);
  const to = Form.useWatch('valid_to', form);

  const submit = async () => {
    const v = await form.validateFields();
    const body = contractBody(v);
    const current = c === 'new' ? null : c;
    try {
      await save.mutateAsync({ id: current?.contract_id ?? null, version: current?.version ?? null, body });
      message.success(t('saved'));
      onClose();
    } catch (e) {
      // valid_from/valid_to errors land on their day of the period.
      const unmatched = applyServerErrors(form, e, t);
      const top = unmatched.length ? msgText(t, unmatched[0].msgKey) : null;
      setFormError(top ?? (form.getFieldsError().some((f) => f.errors.length) ? null : errorText(t, e)));
    }
  };

  return (
    <Modal
      open
      title={c === 'new' ? t('new') : t('edit')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'contract-save' } as never}
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} role="alert" />
      )}
      <Form form={form} layout="vertical" initialValues={initial} data-testid="contract-form">
        <Form.Item name="carrier_code" label={t('field.carrier_code')} rules={[requiredMsgRule()]}>
          <PlainTextInput maxLength={10} data-testid="contract-carrier" />
        </Form.Item>
        <Form.Item name="contract_no" label={t('field.contract_no')} rules={[requiredMsgRule()]}>
          <PlainTextInput maxLength={40} data-testid="contract-no" />
        </Form.Item>
        <Form.Item label={t('field.period')} required>
          {/* biome-ignore lint/a11y/useSemanticElements: the period's two days named as one range, as PlainDateRange */}
          <span className="plain-date-range" role="group" aria-label={t('field.period')}>
            <Form.Item name="valid_from" noStyle rules={[requiredMsgRule()]}>
              <DateField
                aria-label={t('field.valid_from')}
                max={to ? to.format(DAY) : undefined}
                data-testid="contract-period-from"
              />
            </Form.Item>
            <span aria-hidden="true">–</span>
            <Form.Item name="valid_to" noStyle rules={[requiredMsgRule()]}>
              <DateField
                aria-label={t('field.valid_to')}
                min={from ? from.format(DAY) : undefined}
                data-testid="contract-period-to"
              />
            </Form.Item>
          </span>
        </Form.Item>
        <Form.Item name="mqc_teu" label={t('field.mqc_teu')} rules={[requiredMsgRule()]}>
          <NumberField min={0} precision={2} style={{ width: 200 }} data-testid="contract-mqc" />
        </Form.Item>
        <Form.Item name="lanes" label={t('field.lanes')} extra={t('lanesHelp')}>
          <CodeTagsField removeLabel={(lane) => t('removeLane', { lane })} data-testid="contract-lanes" />
        </Form.Item>
        <Form.Item name="status" label={t('field.status')}>
          <ChoiceField
            options={[
              { value: 'A', label: t('status.A') },
              { value: 'I', label: t('status.I') },
            ]}
            data-testid="contract-status"
          />
        </Form.Item>
        <Form.Item name="remarks" label={t('field.remarks')}>
          <PlainTextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
