import type { TAdminUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MaintenanceDetail } from '../../shared/maintenance/maintenance-detail';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { UserActions } from './user-actions';
import { userApi } from './user-admin-api';
import { USER_LIST_PATH, userPath } from './user-admin-paths';
import { UserForm } from './user-form';
import { toFormValues, toRequest, type UserFormValues } from './user-form-values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /BMS/user_maintenance/:user_uid ('new' creates). Remounts per id so a saved new one starts clean. */
export default function UserDetailRoute() {
  const { user_uid } = useParams();
  const id = user_uid === 'new' ? 'new' : user_uid && UUID.test(user_uid) ? user_uid : null;
  return <UserDetail key={user_uid} id={id} />;
}

function UserDetail({ id }: { id: string | 'new' | null }) {
  const { t } = useTranslation('userAdmin');
  const query = userApi.useOne(id !== null && id !== 'new' ? id : null);
  const create = userApi.useCreate();
  const update = userApi.useUpdate();
  return (
    <MaintenanceDetail<TAdminUser, UserFormValues, ReturnType<typeof toRequest>, string>
      id={id}
      testId="user"
      listPath={USER_LIST_PATH}
      pathOf={userPath}
      idOf={(u) => u.user_uid}
      query={query}
      create={(body) => create.mutateAsync(body)}
      update={(uid, body) => {
        const { password: _ignored, ...rest } = body;
        return update.mutateAsync({ id: uid, body: rest });
      }}
      saving={create.isPending || update.isPending}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(u) => (u ? t('editTitle', { login: u.login_id }) : t('newUser'))}
      titleExtra={(u) => u && <UserActions user={u} />}
      createdText={(u) => t('created', { login: u.login_id })}
      savedText={(u) => t('saved', { login: u.login_id })}
      renderForm={(p) => <UserForm {...p} />}
      renderHistory={(u, active) => (
        <RecordHistoryTab
          path={userApi.historyPath(u.user_uid)}
          active={active}
          statusLabel={(s) => t(`status.${s}`, { defaultValue: s })}
          fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
          formatValue={(_f, v) => (v === null || v === undefined || v === '' ? '—' : String(v))}
        />
      )}
    />
  );
}
