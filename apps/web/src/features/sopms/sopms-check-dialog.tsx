import type { TSopmsViolation } from '@portal/contracts';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainList } from '../../shared/plain/plain-list';
import { PlainTextArea } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { useSopmsCheck, useSopmsOverride } from './sopms-api';
import { useOverriders, ViolationText } from './sopms-violations';

/** A violation of the check answer in the shape of a refusal's detail (one way to show both). */
const asDetail = (v: TSopmsViolation) => ({
  field: 'sopms',
  msgKey: `msgSopmsRule_${v.code}`,
  params: {
    template_name: v.template_name,
    validation_group: v.validation_group,
    override_level: v.override_level,
    charge_code: v.charge_code ?? '',
    expected: v.expected ?? '',
    actual: v.actual ?? '',
    line_no: v.line_no ?? '',
  },
});

/**
 * The "SOPMS check" dialog: the violations of the invoice's next step (save/prepare, 1st or 2nd approval) and,
 * for a user whose level allows it, an override with a reason ahead of that step (a manager clearing a
 * supervisor's approval). Loaded when the button is first pressed (sopms-check-button.tsx).
 */
export default function SopmsCheckDialog({ invId, onClose }: { invId: number; onClose: () => void }) {
  const { t } = useTranslation('sopms');
  const { message } = useApp();
  const who = useOverriders();
  const [reason, setReason] = useState('');
  const check = useSopmsCheck(invId, true);
  const override = useSopmsOverride(invId);
  const r = check.data;
  const openOnes = r?.violations.filter((v) => !v.overridden) ?? [];
  const level = Math.max(0, ...openOnes.map((v) => v.override_level));
  const submit = async () => {
    try {
      await override.mutateAsync({ reason: reason.trim() });
      message.success(t('overrideDone'));
      setReason('');
    } catch (e) {
      message.error(errorText(t, e));
    }
  };
  return (
    <>
      <Modal
        open
        title={r ? t('checkTitle', { step: t(`step.${r.step}`) }) : t('checkButton')}
        onCancel={onClose}
        footer={null}
        width={640}
        destroyOnHidden
      >
        {check.isPending && <span className="plain-spinner" />}
        {check.error && <PlainAlert type="error" message={errorText(t, check.error)} />}
        {r && (
          <div data-testid="sopms-check-result">
            <Typography.Paragraph>{t('matched', { count: r.matched })}</Typography.Paragraph>
            {r.violations.length === 0 ? (
              <PlainAlert type="success" message={t('noViolation')} data-testid="sopms-check-clean" />
            ) : (
              <PlainList
                bordered
                items={r.violations.map((v, i) => ({ v, i }))}
                rowKey={({ i }) => i}
                renderItem={({ v, i }) => (
                  <div data-testid={`sopms-check-violation-${i}`}>
                    <ViolationText d={asDetail(v)} overridden={v.overridden} />
                  </div>
                )}
              />
            )}
            {openOnes.length > 0 &&
              (r.can_override ? (
                <>
                  <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }}>
                    <label htmlFor="sopms-check-reason">{t('reasonLabel')}</label>
                  </Typography.Paragraph>
                  <PlainTextArea
                    id="sopms-check-reason"
                    value={reason}
                    maxLength={500}
                    onChange={(e) => setReason(e.target.value)}
                    placeholder={t('reasonPlaceholder')}
                    data-testid="sopms-check-reason"
                  />
                  <Button
                    type="primary"
                    style={{ marginTop: 8 }}
                    disabled={!reason.trim()}
                    loading={override.isPending}
                    onClick={() => void submit()}
                    data-testid="sopms-check-override"
                  >
                    {t('overrideStep', { step: t(`step.${r.step}`) })}
                  </Button>
                </>
              ) : (
                <div style={{ marginTop: 12 }}>
                  <PlainAlert
                    type="warning"
                    message={
                      level >= 99 ? t('nobodyCanOverride') : t('onlyWhoCanOverride', { who: who(level) })
                    }
                  />
                </div>
              ))}
          </div>
        )}
      </Modal>
    </>
  );
}
