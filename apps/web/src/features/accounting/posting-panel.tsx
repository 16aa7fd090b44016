import { formatExchangeRate, formatMoney, type TInvoice, type TJournal } from '@portal/contracts';
import { Alert, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { Typography } from '../../shared/plain/typography';
import { usePostInvoice, usePostingState, useRetryPosting } from './accounting-api';
import { canPostInvoice, latestTroubles } from './posting-model';
import { ReadinessList } from './readiness-list';

const STATUS_COLOUR: Record<string, string> = {
  SUCCESS: 'green',
  FAILURE: 'red',
  PENDING: 'gold',
  NA: 'default',
};

/** A journal's lines: account, debit and credit in the base currency, the amount in its currency and rate. */
function JournalLines({ journal, baseCurrency }: { journal: TJournal; baseCurrency: string }) {
  const { t, i18n } = useTranslation('accounting');
  const fmt = (v: string) => formatMoney(v, baseCurrency, i18n.language);
  return (
    <StaticTable
      pageSize={false}
      rowKey="line_no"
      rows={journal.lines}
      data-testid={`journal-lines-${journal.kind}`}
      columns={[
        { key: 'line_no', title: '#', width: 40 },
        { key: 'account', title: t('col.account') },
        { key: 'debit', title: t('col.debit'), align: 'right', render: fmt },
        { key: 'credit', title: t('col.credit'), align: 'right', render: fmt },
        { key: 'currency', title: t('col.currency') },
        {
          key: 'amount_txn',
          title: t('col.amountTxn'),
          align: 'right',
          render: (v: string, l) => formatMoney(v, l.currency, i18n.language),
        },
        {
          key: 'rate',
          title: t('col.rate'),
          align: 'right',
          render: (v: string) => formatExchangeRate(v, i18n.language),
        },
        { key: 'description', title: t('col.description') },
      ]}
    />
  );
}

/**
 * The invoice detail's Posting tab (issue 15): the readiness checklist with links to where each item is
 * fixed, the accounting-system process status, journal no. and the ledger's errors, Post and Retry.
 */
export function PostingPanel({ inv, active }: { inv: TInvoice; active: boolean }) {
  const { t, i18n } = useTranslation('accounting');
  const { message } = useApp();
  const { hasFunc } = useSession();
  const state = usePostingState(inv.inv_id, active);
  const post = usePostInvoice();
  const retry = useRetryPosting();
  const s = state.data;
  if (state.error) return <Alert type="error" showIcon message={errorText(t, state.error)} />;
  if (!s) return <Typography.Text type="secondary">{t('loading')}</Typography.Text>;
  const canPost = canPostInvoice(s, hasFunc('inv_closing'));
  const { failed, waiting } = latestTroubles(s.journals);
  const doPost = async () => {
    if (!s.readiness.action) return;
    try {
      await post.mutateAsync({ inv, action: s.readiness.action });
      message.success(t('queued', { no: inv.invoice_no }));
    } catch (e) {
      message.error(errorText(t, e));
    }
  };
  const doRetry = async () => {
    try {
      await retry.mutateAsync(inv.inv_id);
      message.success(t('queued', { no: inv.invoice_no }));
    } catch (e) {
      message.error(errorText(t, e));
    }
  };
  return (
    <Flex vertical gap={12} data-testid="posting-panel">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('processStatus')}>
          <Tag color={STATUS_COLOUR[s.acct_process_status]} data-testid="posting-process-status">
            {t(`process.${s.acct_process_status}`, { defaultValue: s.acct_process_status })}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('journalNo')}>
          <span data-testid="posting-journal-no">{s.journal_no ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('postedAt')}>
          {s.posted_at ? new Date(s.posted_at).toLocaleString(i18n.language) : '-'}
        </Descriptions.Item>
      </Descriptions>
      {s.acct_process_status !== 'SUCCESS' && s.acct_process_status !== 'PENDING' && (
        <>
          <Typography.Text strong>{t('checklist')}</Typography.Text>
          <ReadinessList readiness={s.readiness} />
        </>
      )}
      {failed && s.acct_process_status === 'FAILURE' && (
        <Alert
          type="error"
          showIcon
          data-testid="posting-ledger-errors"
          message={t('ledgerRefused')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {failed.errors.map((e) => (
                <li key={`${e.code}-${e.line ?? ''}-${e.message}`}>
                  {e.code}
                  {e.line ? ` (${t('line', { line: e.line })})` : ''}: {e.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {waiting && s.acct_process_status === 'PENDING' && (
        <Alert
          type="warning"
          showIcon
          message={t('ledgerWaiting', { attempts: waiting.attempts })}
          description={waiting.last_error}
        />
      )}
      <Flex gap={8}>
        {canPost && (
          <Button type="primary" loading={post.isPending} onClick={doPost} data-testid="posting-post">
            {t(s.readiness.action === 'post_reversal' ? 'postReversal' : 'post')}
          </Button>
        )}
        {s.can_retry && hasFunc('inv_closing') && (
          <Button loading={retry.isPending} onClick={doRetry} data-testid="posting-retry">
            {t('retry')}
          </Button>
        )}
      </Flex>
      {s.journals.map((j) => (
        <Flex key={j.id} vertical gap={4}>
          <Typography.Text strong>
            {t(`kind.${j.kind}`)} · {j.reference} · {t(`journal.${j.status}`)}
            {j.journal_no ? ` · ${j.journal_no}` : ''}
          </Typography.Text>
          <JournalLines journal={j} baseCurrency={inv.base_currency} />
        </Flex>
      ))}
    </Flex>
  );
}
