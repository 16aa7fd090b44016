import type { ButtonProps } from 'antd';
import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCombobox } from '../../shared/plain/plain-combobox';
import { useTemplateSearch } from './template-api';
import { useTemplateLabels } from './template-labels';

export type Kind = 'lines' | 'print' | 'marks';

/**
 * A modal to pick one template of a kind (My Template and Market, favourites first), typed to search. The
 * suggestions are the shared combobox's (issue 39: antd's Select here took a click on a suggestion only
 * sometimes; the shared list is placed by Floating UI and a click or Enter picks).
 */
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
  // The chosen template, kept when the list is searched again (a new search may not list it).
  const [picked, setPicked] = useState<{ id: number; name: string; label: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The search box takes the focus when the modal opens (as antd's Select did with autoFocus).
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  const search = useTemplateSearch({ tab: 'all', kind, q }, open);
  const rows = search.data?.pages.flatMap((p) => p.rows) ?? [];
  const options = rows.map((r) => ({
    value: String(r.tmplib_id),
    label: `${r.is_favourite ? '★ ' : ''}${r.name} · ${labels.category(r.category)} · ${r.owner_name}`,
    row: r,
  }));
  const ok = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      await onPick(picked.id, picked.name);
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
          <PlainCombobox
            ref={inputRef}
            className="plain-combobox--block"
            openOnClick
            onSearch={setQ}
            loading={search.isFetching}
            value={picked ? String(picked.id) : undefined}
            valueLabel={picked?.label}
            onChange={(v) => {
              const o = options.find((x) => x.value === v);
              setPicked(o ? { id: o.row.tmplib_id, name: o.row.name, label: o.label } : null);
            }}
            placeholder={t('apply.pickPlaceholder')}
            emptyText={t('apply.none')}
            options={options}
            data-testid="template-apply-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
