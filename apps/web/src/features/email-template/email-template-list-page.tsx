import type { TEmailTemplateRecord } from '@portal/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { updatedAtColumn } from '../../shared/list/common-columns';
import type { DataTableColumn } from '../../shared/list/data-table';
import { ListScreen } from '../../shared/list/list-screen';
import { useEmailTemplateList } from './email-template-api';
import { EmailTemplateGate } from './email-template-gate';
import { EMAIL_TEMPLATE_LIST_PATH, emailTemplatePath } from './email-template-paths';

/** /BMS/NotificationCenter/search_email_notification/: the e-mail templates per event code. */
export default function EmailTemplateListRoute() {
  return (
    <EmailTemplateGate>
      <EmailTemplateListPage />
    </EmailTemplateGate>
  );
}

function EmailTemplateListPage() {
  const { t, i18n } = useTranslation('emailTemplate');
  // The event's name from the notification catalogue (issue 39: "BOOKING_CONFIRMED" before).
  const { t: tn } = useTranslation('notification');
  const eventName = (code: string) => tn(`event.${code}`, { defaultValue: code });
  const navigate = useNavigate();
  const list = useEmailTemplateList();
  const subjectOf = (r: TEmailTemplateRecord) =>
    (i18n.language === 'zh-HK' ? r.subject_hk : i18n.language === 'zh-CN' ? r.subject_cn : '') ||
    r.subject_en;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const columns = useMemo<DataTableColumn<TEmailTemplateRecord>[]>(
    () => [
      {
        key: 'event_code',
        title: t('field.event_code'),
        sortable: true,
        alwaysVisible: true,
        width: 260,
        render: (_, r) => (
          <Link to={emailTemplatePath(r.id)} data-testid={`email-template-link-${r.event_code}`}>
            {eventName(r.event_code)}
          </Link>
        ),
      },
      {
        key: 'module',
        title: t('field.module'),
        width: 150,
        render: (_, r) => (r.module ? t(`module.${r.module}`, { defaultValue: r.module }) : '—'),
      },
      { key: 'subject', title: t('field.subject'), width: 360, render: (_, r) => subjectOf(r) },
      {
        key: 'active',
        title: t('field.active'),
        width: 100,
        render: (_, r) => (
          <Tag color={r.active ? 'green' : 'default'}>{t(r.active ? 'active' : 'inactive')}</Tag>
        ),
      },
      updatedAtColumn(t('field.updated_at')),
    ],
    [i18n.language, t, tn],
  );
  return (
    <ListScreen<TEmailTemplateRecord, never>
      title={t('listTitle')}
      searchPlaceholder={t('searchPlaceholder')}
      list={list}
      columns={columns}
      rowKey="id"
      onRowOpen={(r) => navigate(emailTemplatePath(r.id))}
      tableId="emailTemplate.list"
      viewsUrl={EMAIL_TEMPLATE_LIST_PATH}
      create={{
        label: t('newTemplate'),
        onClick: () => navigate(emailTemplatePath('new')),
        testId: 'email-template-new',
      }}
      data-testid="email-template-table"
    />
  );
}
