import { EyeOutlined } from '@ant-design/icons';
import {
  INVOICE_FILTER_FIELDS,
  INVOICE_KIND_NAMES,
  INVOICE_SEARCH_MIN_CHARS,
  INVOICE_STATUSES,
  type TInvoiceRow,
} from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';
import { ListScreen } from '../../shared/list/list-screen';
import { useInvoiceColumns } from './invoice-columns';
import { useInvoiceLabels } from './invoice-labels';
import { type InvoiceFilter, useInvoiceSearch } from './invoice-list-api';
import { InvoiceListTotals } from './invoice-list-totals';
import { INVOICE_SEARCH_PATH, invoicePath, newInvoicePath } from './invoice-paths';

// The preview (antd Modal and Descriptions, a StaticTable) loads when a preview is first opened, not with the
// list (issue 20: route weight).
const InvoicePreview = lazy(() => import('./invoice-preview').then((m) => ({ default: m.InvoicePreview })));

/** /INV/Search (002 §2): smart search over every invoice the user may read. */
export default function InvoiceSearchPage() {
  const { t } = useTranslation('invoice');
  const navigate = useNavigate();
  const session = useSession();
  const list = useInvoiceSearch();
  const base = useInvoiceColumns();
  const [preview, setPreview] = useState<number | null>(null);
  // Mounted from the first preview on (so the modal can animate closed).
  const [previewUsed, setPreviewUsed] = useState(false);
  if (preview !== null && !previewUsed) setPreviewUsed(true);
  const columns = [
    {
      key: 'preview',
      title: t('preview'),
      width: 70,
      alwaysVisible: true,
      render: (_: unknown, r: TInvoiceRow) => (
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={t('preview')}
          onClick={() => setPreview(r.inv_id)}
          data-testid={`invoice-preview-${r.invoice_no}`}
        />
      ),
    },
    ...base,
  ];
  const labels = useInvoiceLabels();
  // The server's whitelist (INVOICE_FILTER_FIELDS) with labels and choices.
  const customFilterFields = useMemo(
    () =>
      customFilterFieldsOf(INVOICE_FILTER_FIELDS, labels.field, {
        kind: { options: INVOICE_KIND_NAMES.map((k) => ({ value: k, label: labels.kind(k) })) },
        status: { options: INVOICE_STATUSES.map((x) => ({ value: x, label: labels.status(x) })) },
      }),
    [labels],
  );
  const canCreate = session.hasFunc('inv_edit');
  return (
    <Flex vertical gap={8}>
      <ListScreen<TInvoiceRow, InvoiceFilter>
        title={t('searchTitle')}
        searchPlaceholder={t('searchPlaceholder')}
        minSearchChars={INVOICE_SEARCH_MIN_CHARS}
        list={list}
        columns={columns}
        rowKey="inv_id"
        onRowOpen={(r) => navigate(invoicePath(r.inv_type, r.inv_id))}
        tableId="invoice.search"
        viewsUrl={INVOICE_SEARCH_PATH}
        exportPath="/Invoice/export"
        filters={[
          { name: 'inv_type', label: t('field.inv_type'), options: labels.typeOptions, width: 120 },
          { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 200 },
        ]}
        customFilterFields={customFilterFields}
        moreFilters={
          canCreate && (
            <>
              {session.hasFunc('m_ar') && (
                <Button onClick={() => navigate(newInvoicePath('AR'))} data-testid="invoice-new-ar">
                  {t('newAr')}
                </Button>
              )}
              {session.hasFunc('m_ap') && (
                <Button onClick={() => navigate(newInvoicePath('AP'))} data-testid="invoice-new-ap">
                  {t('newAp')}
                </Button>
              )}
            </>
          )
        }
        data-testid="invoice-table"
      />
      {/* Totals per currency of every row the search and filters match (issue 38). */}
      <InvoiceListTotals path="/Invoice" query={list.exportQuery} />
      {previewUsed && (
        <Suspense fallback={null}>
          <InvoicePreview id={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </Flex>
  );
}
