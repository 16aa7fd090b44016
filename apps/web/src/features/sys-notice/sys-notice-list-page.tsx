import { SYS_NOTICE_TYPES, SYS_NOTICE_VALIDITIES, type TSysNoticeRecord } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { type SysNoticeFilter, useSysNoticeList } from './sys-notice-api';
import { toHkPicker } from './sys-notice-form-values';
import { SYS_NOTICE_LIST_PATH, sysNoticePath } from './sys-notice-paths';

const hk = (iso: string) => `${toHkPicker(iso).format('YYYY-MM-DD HH:mm')}`;

/** /BMS/sys_notice_maintenance: search and filter system notices and alerts; open or create one. */
export default function SysNoticeListPage() {
  const { t, i18n } = useTranslation('sysNotice');
  const navigate = useNavigate();
  const list = useSysNoticeList();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TSysNoticeRecord>[]>(
    () => [
      {
        key: 'notice_title',
        title: t('field.notice_title'),
        sortable: true,
        alwaysVisible: true,
        width: 260,
        render: (_, n) => (
          <Link to={sysNoticePath(n.uid)} data-testid={`sys-notice-link-${n.notice_title}`}>
            {n.notice_title}
          </Link>
        ),
      },
      {
        key: 'notice_type',
        title: t('field.notice_type'),
        sortable: true,
        width: 110,
        render: (_, n) => (
          <Tag color={n.notice_type === 'ALERT' ? 'red' : 'blue'}>{t(`type.${n.notice_type}`)}</Tag>
        ),
      },
      { key: 'affected_system', title: t('field.affected_system'), width: 160 },
      {
        key: 'valid_from',
        title: t('field.valid_from'),
        sortable: true,
        width: 160,
        render: (_, n) => hk(n.valid_from),
      },
      {
        key: 'valid_to',
        title: t('field.valid_to'),
        sortable: true,
        width: 160,
        render: (_, n) => hk(n.valid_to),
      },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t],
  );
  return (
    <ListScreen<TSysNoticeRecord, SysNoticeFilter>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="uid"
      onRowOpen={(n) => navigate(sysNoticePath(n.uid))}
      tableId="sysNotice.list"
      viewsUrl={SYS_NOTICE_LIST_PATH}
      exportPath="/SysNotice/export"
      filters={[
        {
          name: 'notice_type',
          label: t('field.notice_type'),
          options: SYS_NOTICE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) })),
          width: 130,
        },
        {
          name: 'validity',
          label: t('field.validity'),
          options: SYS_NOTICE_VALIDITIES.map((v) => ({ value: v, label: t(`validity.${v}`) })),
          width: 140,
        },
      ]}
      create={{
        label: t('newNotice'),
        onClick: () => navigate(sysNoticePath('new')),
        testId: 'sys-notice-new',
      }}
      data-testid="sys-notice-table"
    />
  );
}
