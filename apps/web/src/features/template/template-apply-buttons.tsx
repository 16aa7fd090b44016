import { FileAddOutlined } from '@ant-design/icons';
import type { TAppliedLine, TInvoicePrintOptions, TMarksGoods, TTemplate } from '@portal/contracts';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { applyToInvoice, fetchTemplate } from './template-api';

/** The picker's module (antd Modal, Form and Select): fetched when a button is pointed at or focused. */
const loadPicker = () => import('./pick-template-modal');
const LazyPickTemplateModal = lazy(loadPicker);

/**
 * The template picker, loaded when it first opens (a dialog's form loads when the dialog opens, docs/decisions.md)
 * and kept mounted afterwards so it closes as antd's Modal does.
 */
function PickTemplateModal(props: ComponentProps<typeof LazyPickTemplateModal>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyPickTemplateModal {...props} />
    </Suspense>
  );
}

/** Fetches the picker ahead when the user points at or focuses a button that opens it. */
const prefetch = { onMouseEnter: () => void loadPicker(), onFocus: () => void loadPicker() };

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
  const { message } = useApp();
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      icon={<FileAddOutlined />}
      disabled={disabled || invId === null}
      {...prefetch}
      onClick={() => setOpen(true)}
      data-testid="invoice-apply-template"
    >
      {t('apply.button')}
    </Button>
  );
  return (
    <>
      {/* Why it is off, as the pointer's hint (a disabled button shows no title of its own). */}
      {invId === null ? <span title={t('apply.saveFirst')}>{button}</span> : button}
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
  const { message } = useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<FileAddOutlined />}
        {...prefetch}
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
  const { message } = useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<FileAddOutlined />}
        disabled={disabled}
        {...prefetch}
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
