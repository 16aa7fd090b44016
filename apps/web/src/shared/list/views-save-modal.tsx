import { Checkbox, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../form/form';

export interface ViewValues {
  name: string;
  favourite: boolean;
}

/**
 * "Save current view": the name (required, ≤ 100) and whether it is the favourite. Loaded on the first
 * "Save current view" (issue 20: antd Form and Modal are not part of every list's first load).
 */
export default function ViewsSaveModal({
  open,
  saving,
  onSave,
  onCancel,
}: {
  open: boolean;
  saving: boolean;
  /** Saves the view; true when it was saved (the modal then closes). */
  onSave: (values: ViewValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('list');
  const [form] = Form.useForm<ViewValues>();
  const saveCurrent = async () => {
    let values: ViewValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await onSave(values);
  };
  return (
    <Modal
      open={open}
      title={t('views.saveTitle')}
      okText={t('views.ok')}
      cancelText={t('views.cancel')}
      confirmLoading={saving}
      onOk={saveCurrent}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'view-save-ok' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', favourite: false }}
        onFinish={saveCurrent}
      >
        <Form.Item
          name="name"
          label={t('views.name')}
          rules={[{ required: true, whitespace: true, message: t('views.nameRequired') }, { max: 100 }]}
        >
          <Input maxLength={100} autoFocus data-testid="view-name" />
        </Form.Item>
        <Form.Item name="favourite" valuePropName="checked">
          <Checkbox data-testid="view-favourite">{t('views.favourite')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
