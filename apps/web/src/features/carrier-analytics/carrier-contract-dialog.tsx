import type { TCarrierContract, TCarrierContractInput } from '@portal/contracts';
import { Alert, DatePicker, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { applyServerErrors } from '../../shared/form/server-errors';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { useSaveCarrierContract } from './carrier-contract-api';

interface FormValues {
  carrier_code: string;
  contract_no: string;
  period: [Dayjs, Dayjs] | null;
  mqc_teu: number | null;
  lanes: string[];
  remarks: string;
  status: 'A' | 'I';
}

const DAY = 'YYYY-MM-DD';

interface Props {
  /** The contract to edit, or 'new'. */
  c: TCarrierContract | 'new';
  onClose: () => void;
}

/**
 * Add or edit a carrier contract in a dialog (antd Modal, Form, RangePicker, InputNumber, tags Select): loaded
 * when a user first opens one, so the list loads without them (issue 20). The server's translated 400s land
 * on their fields.
 */
export default function CarrierContractDialog({ c, onClose }: Props) {
  const { t } = useTranslation(['carrier-contract', 'msg']);
  const { message } = useApp();
  const save = useSaveCarrierContract();
  const [form] = Form.useForm<FormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const initial: FormValues =
    c === 'new'
      ? {
          carrier_code: '',
          contract_no: '',
          period: null,
          mqc_teu: null,
          lanes: [],
          remarks: '',
          status: 'A',
        }
      : {
          carrier_code: c.carrier_code,
          contract_no: c.contract_no,
          period: [dayjs(c.valid_from), dayjs(c.valid_to)],
          mqc_teu: Number(c.mqc_teu),
          lanes: c.lanes,
          remarks: c.remarks ?? '',
          status: c.status === 'I' ? 'I' : 'A',
        };

  const submit = async () => {
    const v = await form.validateFields();
    const body: TCarrierContractInput = {
      carrier_code: v.carrier_code.trim().toUpperCase(),
      contract_no: v.contract_no.trim(),
      valid_from: v.period?.[0].format(DAY) ?? '',
      valid_to: v.period?.[1].format(DAY) ?? '',
      mqc_teu: v.mqc_teu === null ? '' : String(v.mqc_teu),
      lanes: v.lanes.map((l) => l.trim().toUpperCase()),
      remarks: v.remarks || null,
      status: v.status,
    };
    const current = c === 'new' ? null : c;
    try {
      await save.mutateAsync({ id: current?.contract_id ?? null, version: current?.version ?? null, body });
      message.success(t('saved'));
      onClose();
    } catch (e) {
      // valid_from/valid_to errors belong to the one period field.
      const unmatched = applyServerErrors(form, e, t, {
        fieldMap: { valid_from: 'period', valid_to: 'period' },
      });
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
          <Input maxLength={10} data-testid="contract-carrier" />
        </Form.Item>
        <Form.Item name="contract_no" label={t('field.contract_no')} rules={[requiredMsgRule()]}>
          <Input maxLength={40} data-testid="contract-no" />
        </Form.Item>
        <Form.Item name="period" label={t('field.period')} rules={[requiredMsgRule()]}>
          <DatePicker.RangePicker format={DAY} data-testid="contract-period" />
        </Form.Item>
        <Form.Item name="mqc_teu" label={t('field.mqc_teu')} rules={[requiredMsgRule()]}>
          <InputNumber min={0} precision={2} style={{ width: 200 }} data-testid="contract-mqc" />
        </Form.Item>
        <Form.Item name="lanes" label={t('field.lanes')} extra={t('lanesHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="contract-lanes" />
        </Form.Item>
        <Form.Item name="status" label={t('field.status')}>
          <Select
            options={[
              { value: 'A', label: t('status.A') },
              { value: 'I', label: t('status.I') },
            ]}
          />
        </Form.Item>
        <Form.Item name="remarks" label={t('field.remarks')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
