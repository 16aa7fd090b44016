import { PlusOutlined } from '@ant-design/icons';
import {
  isExternalProfile,
  MBL_AGEING,
  MBL_LIST_KEYS,
  MBL_LISTS,
  mblAgeingColour,
  type TMblListKey,
  type TMblRow,
} from '@portal/contracts';
import { Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { rowAgeClass } from '../../shared/list/ageing';
import { DashboardCard, DashboardListTitle, DashboardTitle } from '../../shared/list/dashboard-card';
import { DataTable, type DataTableColumn } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { type MblFilter, useMblDashboard, useMblList } from './mbl-api';
import { mblColor, useMblLabels } from './mbl-labels';
import { mblDetailPath, mblListOf, mblListPath } from './mbl-paths';

/** The "new bill" dialog (antd Modal, Radio, Input) loads when it is first opened, not with the dashboard. */
const NewMblModal = lazy(() => import('./mbl-new-modal'));

/** /BMS/master_bl[/{list}]: a card per list (count; the carrier-number list also yellow and red) and the list. */
export default function MblDashboardPage() {
  const { search_state } = useParams();
  const list = mblListOf(search_state);
  const { t } = useTranslation('masterBl');
  const navigate = useNavigate();
  const dashboard = useMblDashboard();
  const session = useSession();
  const [newOpen, setNewOpen] = useState(false);
  // Mounted from the first opening on, so the dialog keeps what was typed and closes as antd closes it.
  const [newLoaded, setNewLoaded] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardTitle testId="mbl-dashboard-title">{t('title')}</DashboardTitle>
        {/* Agents read their bills; only internal users make them. */}
        {!isExternalProfile(session.currentProfile?.profile_type) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setNewLoaded(true);
              setNewOpen(true);
            }}
            data-testid="mbl-new"
          >
            {t('new')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8} data-testid="mbl-dashboard" role="list">
        {MBL_LIST_KEYS.map((key) => {
          const entry = dashboard.data?.lists.find((l) => l.key === key);
          return (
            <DashboardCard
              key={key}
              testIdPrefix="mbl"
              listKey={key}
              title={t(`lists.${key}`)}
              selected={key === list}
              entry={entry}
              squares={
                MBL_LISTS[key].ageing
                  ? [
                      { colour: 'yellow', tooltip: t('ageing.yellow', { n: MBL_AGEING.yellowDaysBefore }) },
                      { colour: 'red', tooltip: t('ageing.red', { n: MBL_AGEING.redDaysBefore }) },
                    ]
                  : undefined
              }
              width={230}
              onOpen={() => navigate(mblListPath(key))}
            />
          );
        })}
      </Flex>
      <MblListTable key={list} list={list} />
      {newLoaded && (
        <Suspense fallback={null}>
          <NewMblModal open={newOpen} onClose={() => setNewOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}

function useColumns(list: TMblListKey): DataTableColumn<TMblRow>[] {
  const { t, i18n } = useTranslation('masterBl');
  const labels = useMblLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(
    (): DataTableColumn<TMblRow>[] => [
      {
        key: 'mbl_no',
        title: t('field.mbl_no'),
        sortable: true,
        alwaysVisible: true,
        width: 150,
        render: (_, r) => (
          <Link to={mblDetailPath(r.mbl_no, list)} data-testid={`mbl-link-${r.mbl_no}`}>
            {r.mbl_no}
          </Link>
        ),
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (_, r) => (
          <Tag color={mblColor(r.status)} data-testid={`mbl-row-status-${r.mbl_no}`}>
            {labels.status(r.status)}
          </Tag>
        ),
      },
      { key: 'carrier_mbl_no', title: t('field.carrier_mbl_no'), width: 150 },
      {
        key: 'mbl_type',
        title: t('field.mbl_type'),
        width: 100,
        render: (_, r) => t(`mblType.${r.mbl_type}`),
      },
      { key: 'carrier_code', title: t('field.carrier_code'), width: 80 },
      { key: 'vessel_voyage', title: t('field.vessel_voyage'), width: 180 },
      { key: 'pol', title: t('field.pol'), width: 80 },
      { key: 'pod', title: t('field.pod'), width: 80 },
      { key: 'etd', title: t('field.etd'), width: 110, sortable: true },
      { key: 'consignee_name', title: t('field.consignee_party_id'), width: 200 },
      { key: 'consol_no', title: t('field.consol_no'), width: 140 },
      { key: 'so_nos', title: t('field.so_nos'), width: 200 },
      { key: 'hbl_nos', title: t('field.hbl_nos'), width: 200, defaultHidden: true },
      { key: 'container_nos', title: t('field.container_nos'), width: 180 },
      { key: 'package_qty', title: t('field.package_qty'), width: 90 },
      { key: 'gross_weight', title: t('field.gross_weight'), width: 110 },
      { key: 'cbm', title: t('field.cbm'), width: 90 },
      { key: 'handling_office', title: t('field.handling_office'), width: 90, defaultHidden: true },
      {
        key: 'updated_at',
        title: t('field.updated_at'),
        width: 150,
        sortable: true,
        render: (_, r) => dayjs(r.updated_at).format('YYYY-MM-DD HH:mm'),
      },
    ],
    [i18n.language, list],
  );
}

/** One master BL list with smart search, filters, saved views, export and (waiting list) ageing colours. */
function MblListTable({ list }: { list: TMblListKey }) {
  const { t } = useTranslation('masterBl');
  const navigate = useNavigate();
  const query = useMblList(list);
  const columns = useColumns(list);
  const labels = useMblLabels();
  const now = new Date();
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardListTitle testId="mbl-list-title">{t(`lists.${list}`)}</DashboardListTitle>
        {MBL_LISTS[list].ageing && (
          <Flex wrap gap={16} data-testid="mbl-ageing-legend">
            <span>
              <span className="ageing-swatch yellow" />
              {t('ageing.yellow', { n: MBL_AGEING.yellowDaysBefore })}
            </span>
            <span>
              <span className="ageing-swatch red" />
              {t('ageing.red', { n: MBL_AGEING.redDaysBefore })}
            </span>
          </Flex>
        )}
      </Flex>
      <SearchBar<MblFilter>
        list={query}
        placeholder={t('searchPlaceholder')}
        customFilterFields={labels.customFilterFields()}
        filters={[{ name: 'status', label: t('field.status'), options: labels.statusOptions, width: 150 }]}
      />
      <DataTable<TMblRow, MblFilter>
        tableId={`master-bl.${list}`}
        viewsUrl={mblListPath(list)}
        columns={columns}
        list={query}
        rowKey="mbl_id"
        rowClassName={(r) => rowAgeClass('mbl', MBL_LISTS[list].ageing ? mblAgeingColour(r.etd, now) : null)}
        onRowOpen={(r) => navigate(mblDetailPath(r.mbl_no, list))}
        toolbar={<ExportButton path={`/MasterBL/list/${list}/export`} query={query.exportQuery} />}
        data-testid="mbl-table"
      />
    </Flex>
  );
}
