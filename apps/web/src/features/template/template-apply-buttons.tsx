import { FileAddOutlined } from '@ant-design/icons';
import type { TAppliedLine, TInvoicePrintOptions, TMarksGoods, TTemplate } from '@portal/contracts';
import { App, Button, type ButtonProps, Form, Modal, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { applyToInvoice, fetchTemplate, useTemplateSearch } from './template-api';
import { useTemplateLabels } from './template-labels';

type Kind = 'lines' | 'print' | 'marks';

/** A modal to pick one template of a kind (My Template and Market, favourites first), typed to search. */
function PickTemplateModal({
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
  const { t } = useTranslation(['template', 'msg']);
  const { message } = App.useApp();
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

/**
 * "Apply template" of the invoice General Charge tab: the server computes the lines from the saved
 * invoice's jobs, bills and containers, in its currency; `onLines` appends them for the user to save.
 */
export function ApplyInvoiceTemplateButton({
  invId,
  disabled,
  onLines,
}: {
  invId: number | null;
  disabled?: boolean;
  onLines: (lines: TAppliedLine[]) => void;
}) {
  const { t } = useTranslation('template');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      icon={<FileAddOutlined />}
      disabled={disabled || invId === null}
      onClick={() => setOpen(true)}
      data-testid="invoice-apply-template"
    >
      {t('apply.button')}
    </Button>
  );
  return (
    <>
      {invId === null ? <Tooltip title={t('apply.saveFirst')}>{button}</Tooltip> : button}
      {invId !== null && (
        <PickTemplateModal
          kind="lines"
          open={open}
          title={t('apply.button')}
          onClose={() => setOpen(false)}
          onPick={async (id, name) => {
            const res = await applyToInvoice(id, invId);
            onLines(res.lines);
            message.success(t('apply.applied', { count: res.lines.length, name }));
            if (res.skipped) message.warning(t('apply.skipped', { count: res.skipped }));
          }}
        />
      )}
    </>
  );
}

/** "Apply print options template" in the invoice print options: fills the options form. */
export function ApplyPrintOptionsTemplateButton({
  onOptions,
}: {
  onOptions: (o: TInvoicePrintOptions) => void;
}) {
  const { t } = useTranslation('template');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<FileAddOutlined />}
        onClick={() => setOpen(true)}
        data-testid="print-apply-template"
      >
        {t('apply.printButton')}
      </Button>
      <PickTemplateModal
        kind="print"
        open={open}
        title={t('apply.printButton')}
        onClose={() => setOpen(false)}
        onPick={async (id, name) => {
          const tpl: TTemplate = await fetchTemplate(id);
          if (tpl.print_options) onOptions(tpl.print_options as TInvoicePrintOptions);
          message.success(t('apply.filled', { name }));
        }}
      />
    </>
  );
}

/** "Apply marks and goods template" on the booking's marks and goods: fills both fields. */
export function ApplyMarksGoodsTemplateButton({
  disabled,
  onApply,
}: {
  disabled?: boolean;
  onApply: (v: TMarksGoods) => void;
}) {
  const { t } = useTranslation('template');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<FileAddOutlined />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="booking-apply-marks-template"
      >
        {t('apply.marksButton')}
      </Button>
      <PickTemplateModal
        kind="marks"
        open={open}
        title={t('apply.marksButton')}
        onClose={() => setOpen(false)}
        onPick={async (id, name) => {
          const tpl = await fetchTemplate(id);
          if (tpl.marks_goods) onApply(tpl.marks_goods);
          message.success(t('apply.filled', { name }));
        }}
      />
    </>
  );
}
