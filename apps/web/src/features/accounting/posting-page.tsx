import {
  formatMoney,
  POSTING_BATCH_MAX,
  type TPostBatchResponse,
  type TPostingQueueRow,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainSearch } from '../../shared/plain/plain-search';
import { PlainSegmented } from '../../shared/plain/plain-segmented';
import '../../shared/plain/plain-display.css';
import { Typography } from '../../shared/plain/typography';
import { usePostBatch, usePostingQueue } from './accounting-api';
import { postingDetailPath } from './posting-model';
import { ReadinessList, ReadinessTag } from './readiness-list';

type View = 'postable' | 'failed' | 'pending';

/** What the last batch did: how many were sent, and every invoice that was not ready with its checklist. */
function BatchResult({ result, onClose }: { result: TPostBatchResponse; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  return (
    <div
      className={`plain-alert plain-alert--${result.not_ready.length ? 'warning' : 'success'}`}
      role="alert"
      data-testid="posting-batch-result"
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: 1 }}>
        <span>{t('batchDone', { posted: result.posted.length, notReady: result.not_ready.length })}</span>
        {result.not_ready.length > 0 && (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {result.not_ready.map((r) => (
              <div
                key={r.inv_id}
                style={{ display: 'flex', flexDirection: 'column', gap: 2 }}
                data-testid={`posting-not-ready-${r.invoice_no}`}
              >
                <Typography.Text strong>{r.invoice_no}</Typography.Text>
                <ReadinessList readiness={r} />
              </div>
            ))}
          </div>
        )}
      </div>
      <button type="button" className="plain-alert-close" aria-label={t('common:close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

const VIEWS = ['postable', 'failed', 'pending'] as const;

/**
 * /INV/Posting (inv_closing): imported invoices waiting to be posted with their readiness checklist; pick
 * them and "Post selected" posts the ready ones (up to 500) and lists the rest; failed and pending postings
 * in their own views (retry from the invoice's Posting tab).
 */
export function PostingPage() {
  const { t, i18n } = useTranslation('accounting');
  const { message } = useApp();
  const [view, setView] = useState<View>('postable');
  const [search, setSearch] = useState('');
  const queue = usePostingQueue({ view, q: search || undefined });
  const post = usePostBatch();
  const [picked, setPicked] = useState<number[]>([]);
  const [result, setResult] = useState<TPostBatchResponse | null>(null);
  const rows = queue.data?.rows ?? [];
  const postSelected = async () => {
    try {
      const r = await post.mutateAsync(picked.slice(0, POSTING_BATCH_MAX));
      setResult(r);
      setPicked([]);
    } catch (e) {
      message.error(errorText(t, e));
    }
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="posting-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <PlainSegmented
          aria-label={t('viewLabel')}
          value={view}
          options={VIEWS.map((v) => ({ value: v, label: t(`view.${v}`) }))}
          optionTestId={(v) => `posting-view-${v}`}
          onChange={(v) => {
            setView(v as View);
            setPicked([]);
          }}
        />
        <PlainSearch
          label={t('searchPlaceholder')}
          maxWidth={260}
          onSearch={setSearch}
          data-testid="posting-search"
        />
        {view === 'postable' && (
          <PlainButton
            variant="primary"
            disabled={!picked.length}
            loading={post.isPending}
            onClick={postSelected}
            data-testid="posting-post-selected"
          >
            {t('postSelected', { count: picked.length })}
          </PlainButton>
        )}
      </div>
      {result && <BatchResult result={result} onClose={() => setResult(null)} />}
      {queue.error && (
        <div className="plain-alert plain-alert--error" role="alert">
          {errorText(t, queue.error)}
        </div>
      )}
      <StaticTable<TPostingQueueRow>
        rowKey="inv_id"
        loading={queue.isFetching && !queue.data}
        rows={rows}
        pageSize={50}
        data-testid="posting-table"
        rowSelection={
          view === 'postable'
            ? {
                selectedRowKeys: picked,
                // Picks survive a search and a page change: pick across searches, then post them together.
                onChange: (keys) => setPicked(keys.map(Number).slice(0, POSTING_BATCH_MAX)),
                label: (r) => r.invoice_no,
              }
            : undefined
        }
        expandable={{
          render: (r) => <ReadinessList readiness={r.readiness} />,
          rowExpandable: (r) => !r.readiness.ready,
        }}
        columns={[
          {
            key: 'invoice_no',
            title: t('col.invoiceNo'),
            render: (v: string, r) => <Link to={postingDetailPath(r)}>{v}</Link>,
          },
          { key: 'inv_type', title: t('col.type'), width: 60 },
          { key: 'account_code', title: t('col.account') },
          { key: 'office_code', title: t('col.office'), width: 70 },
          { key: 'invoice_date', title: t('col.invoiceDate') },
          { key: 'currency', title: t('col.currency'), width: 70 },
          {
            key: 'total_amount',
            title: t('col.total'),
            align: 'right',
            render: (v: string, r) => formatMoney(v, r.currency, i18n.language),
          },
          {
            key: 'readiness',
            title: t('col.readiness'),
            render: (_, r) =>
              view === 'postable' ? (
                <ReadinessTag readiness={r.readiness} />
              ) : (
                t(`process.${r.acct_process_status}`, { defaultValue: r.acct_process_status })
              ),
          },
          { key: 'journal_no', title: t('journalNo'), render: (v: string | null) => v ?? '-' },
        ]}
      />
    </div>
  );
}
