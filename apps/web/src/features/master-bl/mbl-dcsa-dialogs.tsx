import type { TFieldError, TMasterBl } from '@portal/contracts';
import { type ButtonProps, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { type MblImportAnswer, useMblImport } from './mbl-api';
import { dcsaProblem, useMblLabels } from './mbl-labels';

/**
 * The carrier's DCSA transport document against the bill (its differences, applied on OK) or the schema's
 * problems with the file: loaded when an import first answers, so the bill's screen does not carry antd's Modal
 * (issue 20).
 */
export default function MblDcsaDialogs({
  bill,
  importing,
  importErrors,
  onClose,
}: {
  bill: TMasterBl;
  importing: { text: string; answer: MblImportAnswer } | null;
  importErrors: TFieldError[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['masterBl', 'msg']);
  const { message } = useApp();
  const imp = useMblImport();
  const labels = useMblLabels();
  return (
    <>
      <Modal
        open={importing !== null}
        width={760}
        title={t('dcsaTdTitle')}
        onCancel={onClose}
        okText={t('dcsaApply')}
        okButtonProps={{ 'data-testid': 'mbl-dcsa-apply', loading: imp.isPending } as ButtonProps}
        onOk={async () => {
          if (!importing) return;
          try {
            await imp.mutateAsync({
              no: bill.mbl_no,
              version: bill.version,
              apply: true,
              text: importing.text,
            });
            message.success(t('dcsaApplied'));
            onClose();
          } catch (e) {
            message.error(errorText(t, e));
          }
        }}
      >
        {importing && importing.answer.differences.length === 0 ? (
          <PlainAlert type="success" title={t('dcsaSame')} />
        ) : (
          <StaticTable
            pageSize={false}
            rowKey="field"
            data-testid="mbl-dcsa-differences"
            rows={importing?.answer.differences ?? []}
            columns={[
              // Labelled paths and worded values (issue 39), never 'totals.package_qty'.
              { key: 'field', title: t('diff.field'), render: (_, d) => labels.fieldPath(d.field) },
              { key: 'ours', title: t('diff.ours'), render: (_, d) => labels.diffValue(d.field, d.ours) },
              {
                key: 'carrier',
                title: t('diff.carrier'),
                render: (_, d) => labels.diffValue(d.field, d.carrier),
              },
            ]}
          />
        )}
      </Modal>
      <Modal
        open={importErrors !== null}
        width={760}
        title={t('dcsaInvalidTitle')}
        onCancel={onClose}
        footer={null}
      >
        <ul data-testid="mbl-dcsa-errors">
          {(importErrors ?? []).map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the schema may report one path twice
            <li key={i}>{dcsaProblem(d, labels.fieldPath, (k, p) => msgText(t, k, p))}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
