import { sopmsOverriders, type TApiError, type TSopmsRole } from '@portal/contracts';
import { Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api/http';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainList } from '../../shared/plain/plain-list';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainTextArea } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { isSopmsRefusal } from './sopms-lazy';

type Detail = NonNullable<TApiError['details']>[number];

/** One violation: the template (group, level) and what the rule wanted, in the reader's language. */
export function ViolationText({ d, overridden }: { d: Detail; overridden?: boolean }) {
  const { t } = useTranslation('sopms');
  const p = d.params ?? {};
  return (
    <Typography.Text>
      <Typography.Text strong>{String(p.template_name ?? '')}</Typography.Text>{' '}
      <PlainTag>{String(p.validation_group ?? '')}</PlainTag>{' '}
      <PlainTag colour="orange">{t('levelTag', { level: p.override_level })}</PlainTag>
      {overridden && (
        <>
          {' '}
          <PlainTag colour="green">{t('overridden')}</PlainTag>
        </>
      )}
      <br />
      <MsgText msgKey={d.msgKey} params={{ ...p, line: p.line_no ?? '' }} />
    </Typography.Text>
  );
}

/** "supervisor or manager", "nobody": who may override a level (002 §6), translated. */
export function useOverriders() {
  const { t } = useTranslation('sopms');
  return (level: number) => {
    const roles = sopmsOverriders(level).filter((r): r is Exclude<TSopmsRole, 'other'> => r !== 'other');
    if (level === 0) return t('whoAll');
    if (!roles.length) return t('whoNobody');
    return roles.map((r) => t(`role.${r}`)).join(t('or'));
  };
}

interface Pending {
  error: ApiError;
  retry: (reason: string) => Promise<unknown>;
}

/**
 * The refusal dialog of a step that broke SOPMS templates: the violations with their templates; a required
 * reason and "Override and continue" when the user's level allows it, otherwise who can override.
 * `guard(error, retry)` opens it for a SOPMS refusal (true) and leaves other errors to the caller (false).
 */
export function useSopmsGuard(): {
  guard: (e: unknown, retry: Pending['retry']) => boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation('sopms');
  const { message } = useApp();
  const who = useOverriders();
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = (e: unknown, retry: Pending['retry']) => {
    if (!isSopmsRefusal(e)) return false;
    setPending({ error: e, retry });
    return true;
  };
  const close = () => {
    setPending(null);
    setReason('');
  };
  const body = pending?.error.body;
  const canOverride = body?.params?.can_override === 1;
  const level = Number(body?.params?.level ?? 99);
  const submit = async () => {
    if (!pending || !reason.trim()) return;
    setBusy(true);
    try {
      await pending.retry(reason.trim());
      close();
    } catch (e) {
      if (isSopmsRefusal(e)) setPending({ ...pending, error: e });
      else message.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <Modal
      open={!!pending}
      title={t('refusedTitle')}
      onCancel={close}
      destroyOnHidden
      width={640}
      okText={t('overrideContinue')}
      cancelText={t('cancel')}
      okButtonProps={{
        disabled: !reason.trim(),
        loading: busy,
        style: canOverride ? undefined : { display: 'none' },
        'data-testid': 'sopms-override-continue',
      }}
      onOk={() => void submit()}
    >
      <div data-testid="sopms-violations">
        <Typography.Paragraph>
          {t('refusedIntro', { count: Number(body?.params?.count ?? 0) })}
        </Typography.Paragraph>
        <PlainList
          bordered
          items={(body?.details ?? []).map((d, i) => ({ d, i }))}
          rowKey={({ i }) => i}
          renderItem={({ d, i }) => (
            <div data-testid={`sopms-violation-${i}`}>
              <ViolationText d={d} />
            </div>
          )}
        />
        {canOverride ? (
          <>
            <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }}>
              <label htmlFor="sopms-override-reason">{t('reasonLabel')}</label>
            </Typography.Paragraph>
            <PlainTextArea
              id="sopms-override-reason"
              autoFocus
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('reasonPlaceholder')}
              data-testid="sopms-override-reason"
            />
          </>
        ) : (
          <div style={{ marginTop: 12 }}>
            <PlainAlert
              type="warning"
              data-testid="sopms-who-can-override"
              message={level >= 99 ? t('nobodyCanOverride') : t('onlyWhoCanOverride', { who: who(level) })}
            />
          </div>
        )}
      </div>
    </Modal>
  );
  return { guard, dialog };
}
