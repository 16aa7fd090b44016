import { Alert, type ButtonProps, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n/error-text';
import { Typography } from '../../shared/plain/typography';
import { useCompare } from './approval-api';
import { proposalsOf, type TProposalInput } from './approval-proposals';
import { CompareFacts } from './compare-facts';
import { CompareTable } from './compare-table';

/**
 * "Propose sailings" on the Booking Approval tab: the booking's candidate sailings and rates (the same
 * comparison as /BMS/compareso), the current proposals preselected; the chosen ones replace them.
 */
export function ProposeDialog({
  soNo,
  open,
  pending,
  onClose,
  onPropose,
}: {
  soNo: string;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onPropose: (proposals: TProposalInput[]) => void;
}) {
  const { t } = useTranslation('booking-approval');
  const compare = useCompare(open ? soNo : null);
  const [selected, setSelected] = useState<number[]>([]);
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const data = compare.data;

  useEffect(() => {
    if (open && data) {
      setSelected(data.rows.filter((r) => r.proposed).map((r) => r.sailing_id));
      setRemarks({});
    }
  }, [open, data]);

  return (
    <Modal
      open={open}
      width={1200}
      title={t('proposeTitle', { so: soNo })}
      okText={t('proposeCount', { count: selected.length })}
      cancelText={t('cancel')}
      okButtonProps={
        {
          disabled: !data || selected.length === 0,
          loading: pending,
          'data-testid': 'approval-propose-ok',
        } as ButtonProps
      }
      cancelButtonProps={{ 'data-testid': 'approval-propose-cancel' } as ButtonProps}
      onCancel={onClose}
      onOk={() => data && onPropose(proposalsOf(data, selected, remarks))}
      destroyOnHidden
    >
      <Spin spinning={compare.isFetching}>
        {compare.error ? (
          <Alert
            type="error"
            showIcon
            title={errorText(t, compare.error)}
            data-testid="approval-compare-error"
          />
        ) : data ? (
          <>
            <CompareFacts data={data} />
            <Typography.Paragraph type="secondary">{t('proposeHint', { max: 10 })}</Typography.Paragraph>
            <CompareTable
              soNo={soNo}
              rows={data.rows}
              selected={selected}
              onSelect={setSelected}
              remarks={remarks}
              onRemarks={(id, text) => setRemarks((r) => ({ ...r, [id]: text }))}
            />
          </>
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
}
