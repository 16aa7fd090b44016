import { PlusOutlined } from '@ant-design/icons';
import { DATE_FORMAT, type TSailingSchedule } from '@portal/contracts';
import { Button, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../shared/list/data-table';
import { ExportButton } from '../../shared/list/export-button';
import { SearchBar } from '../../shared/list/search-bar';
import { SearchSelect } from '../../shared/search-select/search-select';
import { type SailingFilter, useSailingList } from './sailing-schedule-api';
import { useSailingColumns } from './sailing-schedule-columns';
import { useSailingLabels } from './sailing-schedule-labels';
import { sailingPath } from './sailing-schedule-paths';

/** /BMS/sailing_schedule_maintenance: filter by carrier, POL, POD and ETD range; export; open or create. */
export default function SailingScheduleListPage() {
  const { t } = useTranslation('sailing-schedule');
  const navigate = useNavigate();
  const list = useSailingList();
  const columns = useSailingColumns();
  const labels = useSailingLabels();
  const f = list.state.filters;
  const setFilter = (patch: Partial<Record<SailingFilter, string | undefined>>) =>
    list.setState({ filters: patch });
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    f.etd_from ? dayjs(f.etd_from) : null,
    f.etd_to ? dayjs(f.etd_to) : null,
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <SearchBar
        list={list}
        placeholder={t('searchPlaceholder')}
        filters={[
          { name: 'is_tbc', label: t('field.is_tbc'), options: labels.tbcOptions, width: 140 },
          { name: 'status', label: t('field.status'), options: labels.statusOptions, width: 130 },
        ]}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(sailingPath('new'))}
            data-testid="sailing-new"
          >
            {t('newSailing')}
          </Button>
        }
      />
      <Flex gap={8} wrap align="center">
        <SearchSelect
          fetchOptionKey="carrier"
          value={f.carrier_code ?? null}
          onChange={(v) => setFilter({ carrier_code: typeof v === 'string' ? v : undefined })}
          placeholder={t('field.carrier_code')}
          aria-label={t('field.carrier_code')}
          style={{ width: 200 }}
          data-testid="filter-carrier"
        />
        <SearchSelect
          fetchOptionKey="port"
          value={f.pol ?? null}
          onChange={(v) => setFilter({ pol: typeof v === 'string' ? v : undefined })}
          placeholder={t('field.pol')}
          aria-label={t('field.pol')}
          style={{ width: 200 }}
          data-testid="filter-pol"
        />
        <SearchSelect
          fetchOptionKey="port"
          value={f.pod ?? null}
          onChange={(v) => setFilter({ pod: typeof v === 'string' ? v : undefined })}
          placeholder={t('field.pod')}
          aria-label={t('field.pod')}
          style={{ width: 200 }}
          data-testid="filter-pod"
        />
        <DatePicker.RangePicker
          value={range}
          allowEmpty={[true, true]}
          onChange={(v) =>
            setFilter({
              etd_from: v?.[0] ? v[0].format(DATE_FORMAT) : undefined,
              etd_to: v?.[1] ? v[1].format(DATE_FORMAT) : undefined,
            })
          }
          placeholder={[t('etdFrom'), t('etdTo')]}
          aria-label={t('field.etd')}
          data-testid="filter-etd"
        />
      </Flex>
      <DataTable<TSailingSchedule, SailingFilter>
        tableId="sailing-schedule.list"
        columns={columns}
        list={list}
        rowKey="sailing_schedule_id"
        onRowOpen={(s) => navigate(sailingPath(s.sailing_schedule_id))}
        toolbar={<ExportButton path="/SailingSchedule/export" query={list.exportQuery} />}
        data-testid="sailing-table"
      />
    </Flex>
  );
}
