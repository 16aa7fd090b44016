import { PlusOutlined } from '@ant-design/icons';
import {
  CONSOL_LIST_KEYS,
  CONSOL_LISTS,
  type TBookingRow,
  type TConsolListKey,
  type TConsolRow,
} from '@portal/contracts';
import { Checkbox, Flex, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { DashboardCard, DashboardListTitle, DashboardTitle } from '../../shared/list/dashboard-card';
import { DataTable, type DataTableColumn } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { BookingSearchBar, useBookingColumns } from '../booking';
import { ConsolAgeingLegend, consolRowClass, useAgeingSpans } from './consol-ageing';
import {
  type ConsolFilter,
  useCapacities,
  useConsolDashboard,
  useConsolList,
  usePendingCreationList,
  usePickCargo,
} from './consol-api';
import { consolColor, useConsolLabels } from './consol-labels';
import {
  CONSOL_HOME_PATH,
  consolDetailPath,
  consolListOf,
  consolListPath,
  consolNewPath,
  consolSoPath,
} from './consol-paths';
import { type PickEquipment, PickTotal } from './consol-pick-total';

dayjs.extend(isoWeek);

/** /BMS/consolidation[/{list}]: a card per list (count, yellow, red) and the chosen list. */
export default function ConsolDashboardPage() {
  const { search_state } = useParams();
  const list = consolListOf(search_state);
  const { t } = useTranslation('consolidation');
  const navigate = useNavigate();
  const session = useSession();
  const dashboard = useConsolDashboard();
  const spans = useAgeingSpans();
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardTitle testId="consol-dashboard-title">{t('title')}</DashboardTitle>
        {session.hasFunc('create_consolidation') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(consolNewPath())}
            data-testid="consol-new"
          >
            {t('new')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8} data-testid="consol-dashboard" role="list">
        {CONSOL_LIST_KEYS.map((key) => {
          const entry = dashboard.data?.lists.find((l) => l.key === key);
          const s = spans(key);
          return (
            <DashboardCard
              key={key}
              testIdPrefix="consol"
              listKey={key}
              title={t(`lists.${key}`)}
              selected={key === list}
              entry={entry}
              squares={
                s
                  ? [
                      ...(s.yellow
                        ? [{ colour: 'yellow' as const, tooltip: t('ageing.yellow', { span: s.yellow }) }]
                        : []),
                      { colour: 'red' as const, tooltip: t('ageing.red', { span: s.red }) },
                    ]
                  : undefined
              }
              width={210}
              onOpen={() => navigate(consolListPath(key))}
            />
          );
        })}
      </Flex>
      <Space wrap size={16} style={{ fontSize: 12 }} data-testid="consol-dashboard-legend">
        <span>
          <span className="ageing-swatch yellow" />
          {t('ageing.noteYellow')}
        </span>
        <span>
          <span className="ageing-swatch red" />
          {t('ageing.noteRed')}
        </span>
      </Space>
      {list === 'pending_consolidation_creation' ? (
        <PendingCreationTable canCreate={session.hasFunc('create_consolidation')} />
      ) : (
        <PlanListTable key={list} list={list} />
      )}
    </Flex>
  );
}

function usePlanColumns(list: TConsolListKey): DataTableColumn<TConsolRow>[] {
  const { t, i18n } = useTranslation('consolidation');
  const labels = useConsolLabels();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const cols: DataTableColumn<TConsolRow>[] = [
      {
        key: 'consol_no',
        title: t('field.consol_no'),
        sortable: true,
        alwaysVisible: true,
        width: 150,
        render: (_, r) => (
          <Link to={consolDetailPath(r.consol_no, list)} data-testid={`consol-link-${r.consol_no}`}>
            {r.consol_no}
          </Link>
        ),
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 170,
        render: (_, r) => (
          <Tag color={consolColor(r.status)} data-testid={`consol-row-status-${r.consol_no}`}>
            {labels.status(r.status)}
          </Tag>
        ),
      },
      {
        key: 'consol_type',
        title: t('field.consol_type'),
        width: 110,
        render: (_, r) => labels.type(r.consol_type),
      },
      { key: 'customer_party_name', title: t('field.customer_party_id'), width: 200 },
      { key: 'pol', title: t('field.pol'), width: 80 },
      { key: 'pod', title: t('field.pod'), width: 80 },
      { key: 'etd', title: t('field.etd'), width: 110, sortable: true },
      { key: 'equipment', title: t('field.equipment'), width: 120 },
      { key: 'so_nos', title: t('field.so_nos'), width: 220 },
      {
        key: 'container_nos',
        title: t('field.container_nos'),
        width: 180,
        defaultHidden: list !== 'search_consolidation',
      },
      { key: 'handling_office', title: t('field.handling_office'), width: 90 },
      { key: 'contact_office', title: t('field.contact_office'), width: 90, defaultHidden: true },
      {
        key: 'fully_allocated',
        title: t('field.fully_allocated'),
        width: 110,
        render: (_, r) => (r.fully_allocated ? t('yes') : t('no')),
      },
      {
        key: 'amended_sos',
        title: t('field.amended_sos'),
        width: 240,
        defaultHidden: list !== 'amended_booking_pending',
        render: (_, r) =>
          r.amended_sos ? <span data-testid={`consol-amended-${r.consol_no}`}>{r.amended_sos}</span> : '',
      },
    ];
    // On amended_booking_pending what changed comes right after the consol#, within the default width.
    if (list === 'amended_booking_pending') {
      const at = cols.findIndex((c) => c.key === 'amended_sos');
      cols.splice(1, 0, ...cols.splice(at, 1));
    }
    if (CONSOL_LISTS[list].ageing) {
      cols.push({
        key: 'ageing_since',
        title: list === 'load_plan_pending_allocation' ? t('ageing.etd') : t('ageing.since'),
        width: 150,
        render: (_, r) =>
          r.ageing_since
            ? r.ageing_since.length > 10
              ? dayjs(r.ageing_since).format('YYYY-MM-DD HH:mm')
              : r.ageing_since
            : '',
      });
    }
    cols.push({
      key: 'updated_at',
      title: t('field.updated_at'),
      width: 150,
      sortable: true,
      render: (_, r) => dayjs(r.updated_at).format('YYYY-MM-DD HH:mm'),
    });
    return cols;
  }, [i18n.language, list]);
}

/** One of the 8 plan lists with smart search, filters, views, export and ageing colours. */
function PlanListTable({ list }: { list: TConsolListKey }) {
  const { t } = useTranslation('consolidation');
  const navigate = useNavigate();
  const query = useConsolList(list);
  const columns = usePlanColumns(list);
  const labels = useConsolLabels();
  const now = new Date();
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardListTitle testId="consol-list-title">{t(`lists.${list}`)}</DashboardListTitle>
        <ConsolAgeingLegend list={list} />
      </Flex>
      <SearchBar<ConsolFilter>
        list={query}
        placeholder={t('searchPlaceholder')}
        customFilterFields={labels.customFilterFields()}
        filters={[{ name: 'status', label: t('field.status'), options: labels.statusOptions, width: 190 }]}
      />
      <DataTable<TConsolRow, ConsolFilter>
        tableId={`consolidation.${list}`}
        viewsUrl={consolListPath(list)}
        columns={columns}
        list={query}
        rowKey="consol_id"
        rowClassName={(r) => consolRowClass(list, r.ageing_since, now)}
        onRowOpen={(r) => navigate(consolDetailPath(r.consol_no, list))}
        toolbar={<ExportButton path={`/Consolidation/list/${list}/export`} query={query.exportQuery} />}
        data-testid="consol-table"
      />
    </Flex>
  );
}

/**
 * pending_consolidation_creation: LCL consolidatable shipping orders not in a plan, with their lane and ETD
 * week (POL → POD, ISO week) so a planner sees what can go together; tick SOs and create a plan from them.
 */
function PendingCreationTable({ canCreate }: { canCreate: boolean }) {
  const { t, i18n } = useTranslation(['consolidation', 'booking']);
  const navigate = useNavigate();
  const query = usePendingCreationList();
  const base = useBookingColumns('search_booking', false);
  const [picked, setPicked] = useState<string[]>([]);
  const [equipment, setEquipment] = useState<PickEquipment>({ size_type: '40HQ', qty: 1 });
  const capacities = useCapacities();
  // The cargo of the page's rows (CBM, weight, packages per SO) and of the ticked ones (across pages).
  const rowCargo = usePickCargo(query.rows.map((r) => r.so_no));
  const pickedCargo = usePickCargo(picked);
  const cargoOf = new Map((rowCargo.data ?? []).map((c) => [c.so_no, c]));
  const pickedRows = (pickedCargo.data ?? []).filter((c) => picked.includes(c.so_no));
  const list: TConsolListKey = 'pending_consolidation_creation';
  const now = new Date();
  const laneOf = (r: TBookingRow) =>
    `${r.pol} → ${r.pod} · ${dayjs(r.etd).isoWeekYear()}-W${String(dayjs(r.etd).isoWeek()).padStart(2, '0')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo((): DataTableColumn<TBookingRow>[] => {
    const cols = base.map(
      (c): DataTableColumn<TBookingRow> =>
        c.key === 'so_no'
          ? {
              ...c,
              render: (_, r) => (
                <Link to={consolSoPath(r.so_no, list)} data-testid={`consol-so-link-${r.so_no}`}>
                  {r.so_no}
                </Link>
              ),
            }
          : c,
    );
    // Ticking SOs serves only creating a plan from them: without create_consolidation there is no tick box.
    const pick: DataTableColumn<TBookingRow>[] = canCreate
      ? [
          {
            key: 'pick',
            title: t('pick'),
            width: 60,
            alwaysVisible: true,
            render: (_, r) => (
              <Checkbox
                checked={picked.includes(r.so_no)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, r.so_no] : p.filter((x) => x !== r.so_no)))
                }
                aria-label={t('pickSo', { so: r.so_no })}
                data-testid={`consol-pick-${r.so_no}`}
              />
            ),
          },
        ]
      : [];
    return [
      ...pick,
      { key: 'lane_week', title: t('laneWeek'), width: 200, render: (_, r) => laneOf(r) },
      {
        key: 'pick_package_qty',
        title: t('field.package_qty'),
        width: 90,
        align: 'right',
        render: (_, r) => (
          <span data-testid={`consol-pick-pk-${r.so_no}`}>{cargoOf.get(r.so_no)?.package_qty ?? ''}</span>
        ),
      },
      {
        key: 'pick_cbm',
        title: t('field.cbm'),
        width: 90,
        align: 'right',
        render: (_, r) => (
          <span data-testid={`consol-pick-cbm-${r.so_no}`}>{cargoOf.get(r.so_no)?.cbm ?? ''}</span>
        ),
      },
      {
        key: 'pick_kg',
        title: t('field.kg'),
        width: 100,
        align: 'right',
        render: (_, r) => (
          <span data-testid={`consol-pick-kg-${r.so_no}`}>{cargoOf.get(r.so_no)?.kg ?? ''}</span>
        ),
      },
      ...cols,
      {
        key: 'ageing_since',
        title: t('ageing.since'),
        width: 150,
        render: (_, r) => (r.ageing_since ? dayjs(r.ageing_since).format('YYYY-MM-DD HH:mm') : ''),
      },
    ];
  }, [i18n.language, base, picked, rowCargo.data, canCreate]);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <DashboardListTitle testId="consol-list-title">{t(`lists.${list}`)}</DashboardListTitle>
        <ConsolAgeingLegend list={list} />
      </Flex>
      <BookingSearchBar list={query} placeholder={t('booking:searchPlaceholder')} />
      {canCreate && (
        <PickTotal
          picked={pickedRows}
          count={picked.length}
          equipment={equipment}
          onEquipment={setEquipment}
          capacities={capacities.data ?? []}
        />
      )}
      <DataTable<TBookingRow, ConsolFilter>
        tableId="consolidation.pending_consolidation_creation"
        viewsUrl={`${CONSOL_HOME_PATH}/${list}`}
        columns={columns}
        list={query}
        rowKey="so_id"
        rowClassName={(r) => consolRowClass(list, r.ageing_since, now)}
        onRowOpen={(r) => navigate(consolSoPath(r.so_no, list))}
        toolbar={
          <Space>
            {canCreate && (
              <Button
                type="primary"
                disabled={!picked.length}
                onClick={() => navigate(consolNewPath(picked, equipment))}
                data-testid="consol-create-from-picked"
              >
                {t('createFromPicked', { n: picked.length })}
              </Button>
            )}
            <ExportButton path={`/Consolidation/list/${list}/export`} query={query.exportQuery} />
          </Space>
        }
        data-testid="consol-pending-table"
      />
    </Flex>
  );
}
