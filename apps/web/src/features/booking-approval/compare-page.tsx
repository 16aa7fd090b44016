import { LinkOutlined, SendOutlined } from '@ant-design/icons';
import type { TCompareResponse } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { useOtherTabSignal } from '../../shared/cross-tab/cross-tab';
import { useApp } from '../../shared/feedback';
import { useApiError } from '../../shared/hooks/use-api-error';
import { errorText } from '../../shared/i18n/error-text';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { bookingVersion, useApprovalAction, useCompareMany } from './approval-api';
import { approvalDetailPath } from './approval-paths';
import { proposalsOf } from './approval-proposals';
import { CargoPlatformAction } from './cargo-platform-action';
import { CompareFacts } from './compare-facts';
import { CompareTable } from './compare-table';
import { SoPicker } from './so-picker';
import './booking-approval.css';
import { MsgText } from '../../shared/i18n/msg-text';

const MAX_SOS = 10;
const parseSoNos = (v: string | null) =>
  [
    ...new Set(
      (v ?? '')
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX_SOS);

/**
 * /BMS/compareso (001 §2 Rate and sailing comparison): choose shipping orders (typed, pasted or searched;
 * `?so_nos=A,B` in the URL), see each one's candidate sailings and rates side by side, and propose the
 * chosen ones to its customer.
 */
export default function ComparePage() {
  const { t } = useTranslation(['booking-approval', 'common']);
  const [params, setParams] = useSearchParams();
  const soNos = useMemo(() => parseSoNos(params.get('so_nos')), [params]);
  const query = useCompareMany(soNos);
  // 000 §4: a sailing schedule changed in another tab: the candidates shown here re-read
  useOtherTabSignal('sailing', () => {
    if (soNos.length) void query.refetch();
  });
  const setSoNos = (next: string[]) => {
    const list = parseSoNos(next.join(','));
    setParams(list.length ? { so_nos: list.join(',') } : {}, { replace: false });
  };

  return (
    <div className="approval-stack">
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="compare-title">
        {t('compare.title')}
      </Typography.Title>
      <div className="approval-row">
        <SoPicker value={soNos} onChange={setSoNos} max={MAX_SOS} />
        <PlainButton
          onClick={() => void query.refetch()}
          disabled={!soNos.length}
          data-testid="compare-refresh"
        >
          {t('compare.refresh')}
        </PlainButton>
        <CargoPlatformAction />
      </div>
      <Typography.Text type="secondary">{t('compare.hint', { max: MAX_SOS })}</Typography.Text>
      {!soNos.length ? (
        <p className="approval-empty" data-testid="compare-empty">
          {t('compare.chooseSo')}
        </p>
      ) : query.error ? (
        <div className="plain-alert plain-alert--error" role="alert" data-testid="compare-error">
          {errorText(t, query.error)}
        </div>
      ) : !query.data ? (
        <div
          className="approval-loading"
          role="status"
          aria-label={t('common:loading')}
          data-testid="compare-loading"
        >
          <span className="plain-spinner" aria-hidden="true" />
        </div>
      ) : (
        <div className="approval-refetching" aria-busy={query.isFetching}>
          {query.isFetching && <span className="plain-spinner" aria-hidden="true" />}
          <div className="approval-stack">
            {query.data.map((c) => (
              <CompareCard key={c.so_no} data={c} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

/** One shipping order's candidates, with "Propose" for the chosen rows. */
function CompareCard({ data }: { data: TCompareResponse }) {
  const { t } = useTranslation('booking-approval');
  const session = useSession();
  const { message } = useApp();
  const { showError } = useApiError();
  const mutation = useApprovalAction();
  const [selected, setSelected] = useState<number[]>([]);
  const canPropose = session.hasFunc('booking_approval');

  const propose = async () => {
    try {
      const version = await bookingVersion(data.so_no);
      await mutation.mutateAsync({
        soNo: data.so_no,
        action: 'propose',
        version,
        proposals: proposalsOf(data, selected),
      });
      message.success(t('done', { action: t('action.propose'), so: data.so_no }));
      setSelected([]);
    } catch (e) {
      showError(e);
    }
  };

  return (
    <PlainCard
      title={
        <span className="approval-row">
          <span data-testid={`compare-so-${data.so_no}`}>{data.so_no}</span>
          {canPropose && (
            <Link to={approvalDetailPath(data.so_no)} data-testid={`compare-open-${data.so_no}`}>
              <LinkOutlined aria-hidden /> {t('compare.openApproval')}
            </Link>
          )}
        </span>
      }
      extra={
        canPropose && (
          <PlainButton
            variant="primary"
            disabled={!selected.length}
            loading={mutation.isPending}
            onClick={propose}
            data-testid={`compare-propose-${data.so_no}`}
          >
            {mutation.isPending ? null : <SendOutlined aria-hidden />}
            {t('proposeCount', { count: selected.length })}
          </PlainButton>
        )
      }
      data-testid={`compare-card-${data.so_no}`}
    >
      <CompareFacts data={data} />
      {data.rows.length ? (
        <CompareTable
          soNo={data.so_no}
          rows={data.rows}
          selected={canPropose ? selected : undefined}
          onSelect={canPropose ? setSelected : undefined}
        />
      ) : (
        <p className="approval-empty" data-testid={`compare-none-${data.so_no}`}>
          <MsgText msgKey="msgNoRateFound" />
        </p>
      )}
    </PlainCard>
  );
}
