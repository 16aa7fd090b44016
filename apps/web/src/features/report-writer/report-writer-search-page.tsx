import { DeleteOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, type TRwListRow } from '@portal/contracts';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { useRwMutations } from './report-writer-api';
import { useRwList } from './report-writer-list-api';
import { RW_SEARCH_PATH, rwDetailPath } from './report-writer-paths';

/**
 * /BMS/ReportWriterSearch [m_rw_search]: my reports and those shared with my office, with search, sort and
 * paging; New opens the builder; the owner deletes a report after confirming.
 */
export default function ReportWriterSearchPage() {
  const { t, i18n } = useTranslation(['report-writer', 'msg']);
  const { modal, message } = useApp();
  const navigate = useNavigate();
  const list = useRwList();
  const { remove } = useRwMutations();

  const askDelete = (r: TRwListRow) =>
    modal.confirm({
      title: t('list.deleteTitle'),
      content: t('list.deleteBody', { name: r.name }),
      okText: t('list.delete'),
      okButtonProps: { danger: true, 'data-testid': 'rw-delete-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync(r.id).then(
          () => void message.success(t('list.deleted', { name: r.name })),
          (e) => void message.error(errorText(t, e)),
        ),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TRwListRow>[]>(
    () => [
      {
        key: 'name',
        title: t('list.col.name'),
        sortable: true,
        alwaysVisible: true,
        width: 240,
        render: (_, r) => (
          <Link to={rwDetailPath(r.id)} data-testid={`rw-link-${r.id}`}>
            {r.name}
          </Link>
        ),
      },
      {
        key: 'dataset',
        title: t('list.col.dataset'),
        sortable: true,
        width: 150,
        render: (_, r) => t(`dataset.${r.dataset}`),
      },
      {
        key: 'owner',
        title: t('list.col.owner'),
        sortable: true,
        width: 160,
        render: (_, r) => r.owner_name,
      },
      {
        key: 'shared',
        title: t('list.col.shared'),
        width: 150,
        render: (_, r) =>
          r.share_scope === 'office' ? (
            <Tag color="blue">{t('share.officeTag', { office: r.share_office ?? '' })}</Tag>
          ) : (
            <Tag>{t('share.private')}</Tag>
          ),
      },
      {
        key: 'schedule',
        title: t('list.col.schedule'),
        width: 120,
        render: (_, r) => t(`frequency.${r.frequency}`),
      },
      {
        key: 'last_run',
        title: t('list.col.lastRun'),
        width: 180,
        render: (_, r) =>
          r.last_run ? (
            <Tooltip title={r.last_run.msgKey ? t(r.last_run.msgKey, { ns: 'msg' }) : undefined}>
              <span>
                {dayjs(r.last_run.at).format(DATETIME_FORMAT)}{' '}
                {r.last_run.status === 'failed' && <Tag color="red">{t('lastRunFailed')}</Tag>}
              </span>
            </Tooltip>
          ) : (
            t('never')
          ),
      },
      updatedAtColumn(t('list.col.updated_at')),
      {
        key: 'actions',
        title: t('list.col.actions'),
        width: 90,
        render: (_, r) =>
          r.mine ? (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('list.deleteNamed', { name: r.name })}
              onClick={() => askDelete(r)}
              data-testid={`rw-delete-${r.id}`}
            />
          ) : null,
      },
    ],
    [i18n.language, t],
  );

  return (
    <ListScreen<TRwListRow, 'scope'>
      title={t('title')}
      searchPlaceholder={t('list.searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="id"
      onRowOpen={(r) => navigate(rwDetailPath(r.id))}
      tableId="report-writer.list"
      viewsUrl={RW_SEARCH_PATH}
      filters={[
        {
          name: 'scope',
          label: t('list.scope'),
          width: 180,
          options: (['all', 'mine', 'shared'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) })),
        },
      ]}
      create={{ label: t('newReport'), onClick: () => navigate(rwDetailPath('new')), testId: 'rw-new' }}
      data-testid="rw-table"
    />
  );
}
