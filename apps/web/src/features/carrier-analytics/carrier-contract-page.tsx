import { PlusOutlined } from '@ant-design/icons';
import type { TCarrierContract, TCarrierContractInput } from '@portal/contracts';
import { Alert, App, Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../shared/form/server-errors';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable } from '../../shared/list/static-table';
import { useCarrierContracts, useSaveCarrierContract } from './carrier-contract-api';

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

/**
 * /BMS/carrier_contract_maintenance: carrier service contracts with their minimum quantity commitment (MQC, TEU),
 * period and trade lanes, which the CarrierMQC page sets the shipped TEU against (docs/analytics.md). A list with
 * search; add and edit in a dialog; the server's translated 400s land on their fields.
 */
export default function CarrierContractPage() {
  const { t } = useTranslation(['carrier-contract', 'msg']);
  const { message } = App.useApp();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useCarrierContracts({ q, page, pageSize: 20 });
  const save = useSaveCarrierContract();
  const [editing, setEditing] = useState<TCarrierContract | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const [formError, setFormError] = useState<string | null>(null);

  const open = (c: TCarrierContract | 'new') => {
    setEditing(c);
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(
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
          },
    );
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
    const current = editing === 'new' || editing === null ? null : editing;
    try {
      await save.mutateAsync({ id: current?.contract_id ?? null, version: current?.version ?? null, body });
      message.success(t('saved'));
      setEditing(null);
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
    <Flex vertical gap={12}>
      <PageHeading>{t('title')}</PageHeading>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          placeholder={t('search')}
          onSearch={(v) => {
            setQ(v);
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
          data-testid="contract-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="contract-new">
          {t('new')}
        </Button>
      </Flex>
      {list.error && <Alert type="error" showIcon title={errorText(t, list.error)} />}
      <div data-testid="contract-table">
        <StaticTable<TCarrierContract>
          rowKey="contract_id"
          loading={list.isLoading}
          rows={list.data?.rows ?? []}
          paging={{ page, pageSize: 20, total: list.data?.total ?? 0, onChange: (p) => setPage(p) }}
          // A click on the row opens it (the contract no. is the button for the keyboard).
          onRowClick={open}
          columns={[
            {
              key: 'carrier',
              title: t('field.carrier_code'),
              render: (_, c) => `${c.carrier_code}${c.carrier_name ? ` ${c.carrier_name}` : ''}`,
            },
            {
              key: 'no',
              title: t('field.contract_no'),
              render: (_, c) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => open(c)}
                  data-testid={`contract-open-${c.contract_no}`}
                >
                  {c.contract_no}
                </Button>
              ),
            },
            { key: 'from', title: t('field.valid_from'), dataIndex: 'valid_from' },
            { key: 'to', title: t('field.valid_to'), dataIndex: 'valid_to' },
            { key: 'mqc', title: t('field.mqc_teu'), dataIndex: 'mqc_teu', align: 'right' },
            {
              key: 'lanes',
              title: t('field.lanes'),
              render: (_, c) => (c.lanes.length ? c.lanes.map((l) => <Tag key={l}>{l}</Tag>) : t('allLanes')),
            },
            {
              key: 'status',
              title: t('field.status'),
              render: (_, c) => (
                <Tag color={c.status === 'A' ? 'green' : 'default'}>
                  {t(`status.${c.status === 'A' ? 'A' : 'I'}`)}
                </Tag>
              ),
            },
          ]}
        />
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('new') : t('edit')}
        onCancel={() => setEditing(null)}
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
        <Form form={form} layout="vertical" data-testid="contract-form">
          <Form.Item
            name="carrier_code"
            label={t('field.carrier_code')}
            rules={[{ required: true, message: t('msg:msgFieldRequired') }]}
          >
            <Input maxLength={10} data-testid="contract-carrier" />
          </Form.Item>
          <Form.Item
            name="contract_no"
            label={t('field.contract_no')}
            rules={[{ required: true, message: t('msg:msgFieldRequired') }]}
          >
            <Input maxLength={40} data-testid="contract-no" />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('field.period')}
            rules={[{ required: true, message: t('msg:msgFieldRequired') }]}
          >
            <DatePicker.RangePicker format={DAY} data-testid="contract-period" />
          </Form.Item>
          <Form.Item
            name="mqc_teu"
            label={t('field.mqc_teu')}
            rules={[{ required: true, message: t('msg:msgFieldRequired') }]}
          >
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
    </Flex>
  );
}
