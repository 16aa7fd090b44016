import type { TTradelane } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../shared/list/list-screen';
import { type TradelaneFilter, useTradelaneList } from './tradelane-api';
import { useTradelaneColumns } from './tradelane-columns';
import { useTradelaneLabels } from './tradelane-labels';
import { TRADELANE_LIST_PATH, tradelanePath } from './tradelane-paths';

/** /BMS/tradelane_maintenance: search, filter, sort, page and export trade lanes; open or create one. */
export default function TradelaneListPage() {
  const { t } = useTranslation('tradelane');
  const navigate = useNavigate();
  const list = useTradelaneList();
  const columns = useTradelaneColumns();
  const labels = useTradelaneLabels();
  return (
    <ListScreen<TTradelane, TradelaneFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="tradelane_id"
      onRowOpen={(l) => navigate(tradelanePath(l.tradelane_id))}
      tableId="tradelane.list"
      viewsUrl={TRADELANE_LIST_PATH}
      exportPath="/Tradelane/export"
      filters={[{ name: 'tradelane_type', label: t('field.tradelane_type'), options: labels.typeOptions }]}
      customFilterFields={labels.customFilterFields}
      create={{
        label: t('newTradelane'),
        onClick: () => navigate(tradelanePath('new')),
        testId: 'tradelane-new',
      }}
      data-testid="tradelane-table"
    />
  );
}
