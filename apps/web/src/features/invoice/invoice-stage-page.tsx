import { INVOICE_SEARCH_MIN_CHARS, type TInvoiceRow, type TInvoiceType } from '@portal/contracts';
import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
import { InvoiceBatchBar } from './invoice-batch-bar';
import { useInvoiceColumns } from './invoice-columns';
import { useInvoiceLabels } from './invoice-labels';
import { useInvoiceStage } from './invoice-list-api';
import { InvoiceListTotals } from './invoice-list-totals';
import { invoicePath, stagePath } from './invoice-paths';
import { InvoiceStagePrintActions } from './invoice-print-toolbar';

function StageList({ type }: { type: TInvoiceType }) {
  const { t } = useTranslation('invoice');
  const { stage = '' } = useParams();
  const navigate = useNavigate();
  const list = useInvoiceStage(type, stage);
  const settlement = stage === 'Settled' || stage === 'Unsettled';
  const columns = useInvoiceColumns(settlement);
  const labels = useInvoiceLabels();
  // Rows picked for the batch tools (invoice-batch-bar.tsx); kept across pages, cleared after a batch.
  const [picked, setPicked] = useState<TInvoiceRow[]>([]);
  const path = `/Invoice/${type.toLowerCase()}Search/${encodeURIComponent(stage)}`;
  return (
    <Flex vertical gap={8}>
      <ListScreen<TInvoiceRow, never>
        rowSelection={{
          selectedRowKeys: picked.map((r) => String(r.inv_id)),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setPicked(rows.filter(Boolean)),
        }}
        batchActions={<InvoiceBatchBar rows={picked} onDone={() => setPicked([])} />}
        title={t('stageTitle', { side: labels.type(type), stage: labels.stage(stage) })}
        searchPlaceholder={t('searchPlaceholder')}
        minSearchChars={INVOICE_SEARCH_MIN_CHARS}
        list={list}
        columns={columns}
        rowKey="inv_id"
        onRowOpen={(r) => navigate(invoicePath(r.inv_type, r.inv_id))}
        // Settled/Unsettled keep their own layout: their settlement columns are shown by default.
        tableId={`invoice.${type}.stage${settlement ? '.settlement' : ''}`}
        viewsUrl={stagePath(type, stage)}
        exportPath={`/Invoice/${type.toLowerCase()}Search/${encodeURIComponent(stage)}/export`}
        moreFilters={<InvoiceStagePrintActions type={type} rows={list.rows} />}
        data-testid="invoice-stage-table"
      />
      {/* Totals per currency of every row of the stage and search, not just the page (issue 38). */}
      <InvoiceListTotals path={path} query={list.exportQuery} />
    </Flex>
  );
}

/** /INV/arSearch/{stage_name} (m_ar_search). */
export function ArStagePage() {
  const { stage } = useParams();
  return <StageList key={stage} type="AR" />;
}

/** /INV/apSearch/{stage_name} (m_ap_search). */
export function ApStagePage() {
  const { stage } = useParams();
  return <StageList key={stage} type="AP" />;
}
