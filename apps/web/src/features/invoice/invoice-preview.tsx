import { ExportOutlined } from '@ant-design/icons';
import { formatMoney, formatUnitPrice, type TInvoiceLine } from '@portal/contracts';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { useInvoice } from './invoice-api';
import { useInvoiceLabels } from './invoice-labels';
import { invoicePath } from './invoice-paths';

/** Quick preview (002 §2): the invoice read-only in a popup, with Open In New Tab. */
export function InvoicePreview({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('invoice');
  const labels = useInvoiceLabels();
  const q = useInvoice(id);
  const inv = q.data;
  const money = (v: string) => (inv ? formatMoney(v, inv.currency, i18n.language) : v);
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      width={960}
      title={inv ? `${t('preview')}: ${inv.invoice_no}` : t('preview')}
      footer={[
        inv && (
          <Button
            key="open"
            icon={<ExportOutlined />}
            href={invoicePath(inv.inv_type, inv.inv_id)}
            target="_blank"
            rel="noopener"
            data-testid="invoice-preview-open"
          >
            {t('openInNewTab')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
      destroyOnHidden
    >
      {q.error && <Alert type="error" showIcon message={errorText(t, q.error)} />}
      {!inv && !q.error && <Spin />}
      {inv && (
        <div data-testid="invoice-preview">
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={t('field.status')}>{labels.status(inv.status)}</Descriptions.Item>
            <Descriptions.Item label={t('field.kind')}>{labels.kind(inv.kind)}</Descriptions.Item>
            <Descriptions.Item label={t('field.account_code')}>
              {inv.account_code} {inv.account_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.job_nos')}>{inv.job_nos.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('field.hbl_no')}>{inv.hbl_no ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.invoice_date')}>{inv.invoice_date ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('totals.net')}>{money(inv.net_amount)}</Descriptions.Item>
            <Descriptions.Item label={t('totals.tax')}>{money(inv.tax_amount)}</Descriptions.Item>
            <Descriptions.Item label={`${t('totals.total')} (${inv.currency})`}>
              {money(inv.total_amount)}
            </Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 12 }}>
            <StaticTable<TInvoiceLine>
              rowKey="id"
              pageSize={false}
              rows={inv.lines}
              columns={[
                { key: 'charge_code', title: t('line.charge_code'), dataIndex: 'charge_code' },
                { key: 'description', title: t('line.description'), dataIndex: 'description' },
                { key: 'quantity', title: t('line.quantity'), dataIndex: 'quantity', align: 'right' },
                {
                  key: 'unit_price',
                  title: t('line.unit_price'),
                  align: 'right',
                  // Its own precision: at least the currency's digits, at most 4 (issue 38).
                  render: (_, l) => formatUnitPrice(l.unit_price, inv.currency, i18n.language),
                },
                { key: 'dr_cr', title: t('line.dr_cr'), dataIndex: 'dr_cr' },
                {
                  key: 'tax_amount',
                  title: t('line.tax_amount'),
                  align: 'right',
                  render: (_, l) => money(l.tax_amount),
                },
                {
                  key: 'total_amount',
                  title: t('line.total_amount'),
                  align: 'right',
                  render: (_, l) => money(l.total_amount),
                },
              ]}
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
