import { LinkOutlined, SendOutlined } from '@ant-design/icons';
import type { TBookingRow, TCompareResponse } from '@portal/contracts';
import { Alert, App, Button, Empty, Flex, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../shared/api/http';
import { useSession } from '../../shared/auth/use-session';
import { useOtherTabSignal } from '../../shared/cross-tab/cross-tab';
import { useApiError } from '../../shared/hooks/use-api-error';
import { errorText } from '../../shared/i18n/error-text';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { bookingVersion, useApprovalAction, useCompareMany } from './approval-api';
import { approvalDetailPath } from './approval-paths';
import { proposalsOf } from './approval-proposals';
import { CargoPlatformAction } from './cargo-platform-action';
import { CompareTable } from './compare-table';
import { CompareFacts } from './propose-dialog';

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
  const { t } = useTranslation(['booking-approval', 'msg']);
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
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="compare-title">
        {t('compare.title')}
      </Typography.Title>
      <Flex gap={8} wrap align="center">
        <SoPicker value={soNos} onChange={setSoNos} />
        <Button onClick={() => void query.refetch()} disabled={!soNos.length} data-testid="compare-refresh">
          {t('compare.refresh')}
        </Button>
        <CargoPlatformAction />
      </Flex>
      <Typography.Text type="secondary">{t('compare.hint', { max: MAX_SOS })}</Typography.Text>
      {!soNos.length ? (
        <Empty description={t('compare.chooseSo')} data-testid="compare-empty" />
      ) : query.error ? (
        <Alert type="error" showIcon title={errorText(t, query.error)} data-testid="compare-error" />
      ) : !query.data ? (
        <Spin data-testid="compare-loading" />
      ) : (
        <Spin spinning={query.isFetching}>
          <Flex vertical gap={12}>
            {query.data.map((c) => (
              <CompareCard key={c.so_no} data={c} />
            ))}
          </Flex>
        </Spin>
      )}
    </Flex>
  );
}

/** Shipping order numbers: typed or pasted (comma or space separated) or picked from a search. */
function SoPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('booking-approval');
  const session = useSession();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim().length < 2 || !session.hasFunc('booking_approval')) return setOptions([]);
    timer.current = setTimeout(async () => {
      try {
        const res = await api.get<{ rows: TBookingRow[] }>('/BookingApproval/list/search_booking_approval', {
          q: text.trim(),
          pageSize: 10,
        });
        setOptions(
          res.rows.map((r) => ({
            value: r.so_no,
            label: `${r.so_no}  ${r.pol} → ${r.pod}  ${r.consignee_code ?? ''}`,
          })),
        );
      } catch {
        setOptions([]);
      }
    }, 400);
  };
  return (
    <Select
      mode="tags"
      value={value}
      onChange={(v: string[]) => onChange(v)}
      options={options}
      tokenSeparators={[',', ' ']}
      maxCount={MAX_SOS}
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('compare.placeholder')}
      aria-label={t('compare.placeholder')}
      style={{ minWidth: 420, maxWidth: '100%' }}
      data-testid="compare-so-input"
    />
  );
}

/** One shipping order's candidates, with "Propose" for the chosen rows. */
function CompareCard({ data }: { data: TCompareResponse }) {
  const { t } = useTranslation(['booking-approval', 'msg']);
  const session = useSession();
  const { message } = App.useApp();
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
        <Space wrap>
          <span data-testid={`compare-so-${data.so_no}`}>{data.so_no}</span>
          {canPropose && (
            <Link to={approvalDetailPath(data.so_no)} data-testid={`compare-open-${data.so_no}`}>
              <LinkOutlined /> {t('compare.openApproval')}
            </Link>
          )}
        </Space>
      }
      extra={
        canPropose && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!selected.length}
            loading={mutation.isPending}
            onClick={propose}
            data-testid={`compare-propose-${data.so_no}`}
          >
            {t('proposeCount', { count: selected.length })}
          </Button>
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
        <Empty description={t('msg:msgNoRateFound')} data-testid={`compare-none-${data.so_no}`} />
      )}
    </PlainCard>
  );
}
