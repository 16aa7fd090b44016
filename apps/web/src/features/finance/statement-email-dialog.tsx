import type { TOverdueReportRow, TStatementEmailRequest } from '@portal/contracts';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import '../../shared/plain/plain.css';
import { msgTextOf } from '../../shared/form/zod-rule';
import { Typography } from '../../shared/plain/typography';
import { useStatementEmail } from './finance-api';

/**
 * E-mails one customer's statement of account through the mail outbox: /FIN/Search/CustomerOverdueReport's
 * dialog, loaded when first opened (issue 20: antd's Modal out of the report's first load).
 */
export default function EmailStatement({
  row,
  asOf,
  lang,
  onClose,
}: {
  row: TOverdueReportRow;
  asOf: string | undefined;
  /** The statement's language (the server's code for the user's language). */
  lang: TStatementEmailRequest['lang'];
  onClose: () => void;
}) {
  const { t } = useTranslation('finance');
  const { message } = useApp();
  const send = useStatementEmail(row.account_code);
  const [to, setTo] = useState('');
  return (
    <Modal
      open
      title={t('statement.emailTitle', { code: row.account_code })}
      okText={t('statement.send')}
      okButtonProps={{ loading: send.isPending, 'data-testid': 'finance-statement-send' } as never}
      onCancel={onClose}
      onOk={async () => {
        try {
          const addresses = to.split(/[,;\s]+/).filter(Boolean);
          const res = await send.mutateAsync({
            to: addresses,
            as_of: asOf,
            lang,
          });
          message.success(await msgTextOf(res.msgKey, res.params));
          onClose();
        } catch (e) {
          message.error(errorText(t, e));
        }
      }}
    >
      <Typography.Paragraph>{t('statement.emailHint')}</Typography.Paragraph>
      <input
        className="plain-input"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        placeholder="ar@customer.com"
        aria-label={t('statement.to')}
        data-testid="finance-statement-to"
      />
    </Modal>
  );
}
