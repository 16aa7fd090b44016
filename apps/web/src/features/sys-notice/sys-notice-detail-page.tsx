import type { TSysNoticeRecord } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { sysNoticeApi } from './sys-notice-api';
import { SysNoticeForm } from './sys-notice-form';
import { type SysNoticeFormValues, toFormValues, toRequest } from './sys-notice-form-values';
import { SYS_NOTICE_LIST_PATH, sysNoticePath } from './sys-notice-paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /BMS/sys_notice_maintenance/:uid ('new' creates). Remounts per id so a saved new one starts clean. */
export default function SysNoticeDetailRoute() {
  const { uid } = useParams();
  const id = uid === 'new' ? 'new' : uid && UUID.test(uid) ? uid : null;
  return <SysNoticeDetail key={uid} id={id} />;
}

function SysNoticeDetail({ id }: { id: string | 'new' | null }) {
  const { t } = useTranslation('sysNotice');
  const query = sysNoticeApi.useOne(id !== null && id !== 'new' ? id : null);
  const create = sysNoticeApi.useCreate();
  const update = sysNoticeApi.useUpdate();
  return (
    <MaintenanceDetail<TSysNoticeRecord, SysNoticeFormValues, ReturnType<typeof toRequest>, string>
      id={id}
      testId="sys-notice"
      listPath={SYS_NOTICE_LIST_PATH}
      pathOf={sysNoticePath}
      idOf={(n) => n.uid}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(uid, body) => update.mutateAsync({ id: uid, body })}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(n) => (n ? t('editTitle', { title: n.notice_title }) : t('newNotice'))}
      createdText={(n) => t('created', { title: n.notice_title })}
      savedText={(n) => t('saved', { title: n.notice_title })}
      renderForm={(p) => <SysNoticeForm {...p} />}
      renderHistory={(n, active) => (
        <RecordHistoryTab
          path={sysNoticeApi.historyPath(n.uid)}
          active={active}
          statusLabel={(s) => t(`type.${s}`, { defaultValue: s })}
          fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
          formatValue={(_f, v) => (v === null || v === undefined || v === '' ? '—' : String(v))}
        />
      )}
    />
  );
}
