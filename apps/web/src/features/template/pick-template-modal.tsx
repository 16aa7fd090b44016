import type { ButtonProps } from 'antd';
import { Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { errorText } from '../../shared/i18n/error-text';
import { useTemplateSearch } from './template-api';
import { useTemplateLabels } from './template-labels';

export type Kind = 'lines' | 'print' | 'marks';

/** A modal to pick one template of a kind (My Template and Market, favourites first), typed to search. */
export default function PickTemplateModal({
  kind,
  open,
  title,
  onClose,
  onPick,
}: {
  kind: Kind;
  open: boolean;
  title: string;
  onClose: () => void;
  onPick: (id: number, name: string) => Promise<void>;
}) {
  const { t } = useTranslation('template');
  const { message } = useApp();
  const labels = useTemplateLabels();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const search = useTemplateSearch({ tab: 'all', kind, q }, open);
  const rows = search.data?.pages.flatMap((p) => p.rows) ?? [];
  const ok = async () => {
    const row = rows.find((r) => r.tmplib_id === picked);
    if (!row) return;
    setBusy(true);
    try {
      await onPick(row.tmplib_id, row.name);
      onClose();
    } catch (e) {
      message.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t('apply.ok')}
      cancelText={t('cancel')}
      okButtonProps={
        { disabled: picked === null, loading: busy, 'data-testid': 'template-apply-ok' } as ButtonProps
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('apply.pick')} required>
          <Select
            showSearch
            autoFocus
            filterOption={false}
            onSearch={setQ}
            loading={search.isFetching}
            value={picked ?? undefined}
            onChange={(v: number) => setPicked(v)}
            placeholder={t('apply.pickPlaceholder')}
            notFoundContent={search.isFetching ? undefined : t('apply.none')}
            options={rows.map((r) => ({
              value: r.tmplib_id,
              label: `${r.is_favourite ? '★ ' : ''}${r.name} · ${labels.category(r.category)} · ${r.owner_name}`,
            }))}
            data-testid="template-apply-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
