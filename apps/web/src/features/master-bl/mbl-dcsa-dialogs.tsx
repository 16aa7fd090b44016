import type { TFieldError, TMasterBl, TMblImportWarning } from '@portal/contracts';
import { type ButtonProps, Modal } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainRadioGroup } from '../../shared/plain/plain-radio-group';
import { Typography } from '../../shared/plain/typography';
import { type MblImportAnswer, useMblImport } from './mbl-api';
import { dcsaProblem, useMblLabels } from './mbl-labels';

/**
 * The carrier's DCSA transport document against the bill or the schema's problems with the file: loaded when an
 * import first answers, so the bill's screen does not carry antd's Modal (issue 20). The differences are
 * labelled; the user accepts or rejects each one the import can write (all accepted at first) and only the
 * accepted are applied; a document whose carrier, POL, POD or ETD differ from the bill's or its plan's is
 * flagged first, and applying it waits for the user's check (issue 39).
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
  const answer = importing?.answer;
  const [rejected, setRejected] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState(false);
  const confirmId = useId();
  // A new document starts with every difference accepted and its mismatch not yet checked.
  useEffect(() => {
    if (answer) {
      setRejected(new Set());
      setChecked(false);
    }
  }, [answer]);
  const differences = answer?.differences ?? [];
  const warnings = answer?.warnings ?? [];
  const appliable = differences.filter((d) => d.appliable).map((d) => d.field);
  const accepted = appliable.filter((f) => !rejected.has(f));
  const choose = (field: string, v: string) =>
    setRejected((was) => {
      const next = new Set(was);
      if (v === 'reject') next.add(field);
      else next.delete(field);
      return next;
    });
  const warningText = (w: TMblImportWarning) => {
    const p = {
      field: labels.fieldPath(w.field),
      carrier: labels.diffValue(w.field, w.carrier),
      ours: labels.diffValue(w.field, w.ours),
      plan: labels.diffValue(w.field, w.plan),
    };
    return w.plan !== null && w.plan !== w.ours ? t('dcsaMismatchPlan', p) : t('dcsaMismatchLine', p);
  };
  return (
    <>
      <Modal
        open={importing !== null}
        width={760}
        title={t('dcsaTdTitle')}
        onCancel={onClose}
        okText={t('dcsaApply')}
        okButtonProps={
          {
            'data-testid': 'mbl-dcsa-apply',
            loading: imp.isPending,
            disabled: warnings.length > 0 && !checked,
          } as ButtonProps
        }
        onOk={async () => {
          if (!importing) return;
          try {
            const done = await imp.mutateAsync({
              no: bill.mbl_no,
              version: bill.version,
              apply: true,
              text: importing.text,
              accept: accepted,
              confirmMismatch: warnings.length > 0 && checked,
            });
            message.success(
              t('dcsaAppliedCount', { accepted: done.accepted.length, rejected: done.rejected.length }),
            );
            onClose();
          } catch (e) {
            message.error(errorText(t, e));
          }
        }}
      >
        {warnings.length > 0 && (
          <PlainAlert
            type="error"
            data-testid="mbl-dcsa-mismatch"
            title={t('dcsaMismatchTitle')}
            description={
              <>
                <ul>
                  {warnings.map((w) => (
                    <li key={w.field} data-testid={`mbl-dcsa-mismatch-${w.field}`}>
                      {warningText(w)}
                    </li>
                  ))}
                </ul>
                <PlainCheckbox
                  id={confirmId}
                  checked={checked}
                  onChange={(e) => setChecked(e.target.checked)}
                  data-testid="mbl-dcsa-confirm"
                />{' '}
                <label htmlFor={confirmId}>{t('dcsaMismatchConfirm')}</label>
              </>
            }
          />
        )}
        {importing && differences.length === 0 ? (
          <PlainAlert type="success" title={t('dcsaSame')} />
        ) : (
          <>
            {appliable.length > 0 && (
              <Typography.Paragraph data-testid="mbl-dcsa-choices">
                {t('dcsaChoices', {
                  accepted: accepted.length,
                  rejected: appliable.length - accepted.length,
                })}
              </Typography.Paragraph>
            )}
            <StaticTable
              pageSize={false}
              rowKey="field"
              data-testid="mbl-dcsa-differences"
              rows={differences}
              columns={[
                // Labelled paths and worded values (issue 39), never 'totals.package_qty'.
                { key: 'field', title: t('diff.field'), render: (_, d) => labels.fieldPath(d.field) },
                { key: 'ours', title: t('diff.ours'), render: (_, d) => labels.diffValue(d.field, d.ours) },
                {
                  key: 'carrier',
                  title: t('diff.carrier'),
                  render: (_, d) => labels.diffValue(d.field, d.carrier),
                },
                {
                  key: 'choice',
                  title: t('diff.choice'),
                  render: (_, d) =>
                    d.appliable ? (
                      <PlainRadioGroup
                        optionType="button"
                        aria-label={labels.fieldPath(d.field)}
                        value={rejected.has(d.field) ? 'reject' : 'accept'}
                        onChange={(v) => choose(d.field, v)}
                        options={[
                          { value: 'accept', label: t('dcsaAccept') },
                          { value: 'reject', label: t('dcsaReject') },
                        ]}
                        data-testid={`mbl-dcsa-choice-${d.field}`}
                        optionTestId={(v) => `mbl-dcsa-${v}-${d.field}`}
                      />
                    ) : (
                      <Typography.Text type="secondary">{t('dcsaCompareOnly')}</Typography.Text>
                    ),
                },
              ]}
            />
          </>
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
