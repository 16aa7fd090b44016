import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PARTY_TYPES, type TUserFormOptions, USER_LEVELS } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { PlainTable } from '../../shared/list/plain-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { LocalComboField } from '../../shared/plain/local-combo-field';
import { CheckboxField, CheckGroupField } from '../../shared/plain/multi-fields';

/** antd's Select took the numeric ids as they are; the plain controls hold their text. */
const idText = (v: unknown) => ({ value: v === null || v === undefined ? undefined : String(v) });
const idNumber = (v?: string) => (v === undefined ? null : Number(v));
const idsText = (v: unknown) => ({ value: Array.isArray(v) ? v.map(String) : [] });
const idsNumber = (v?: string[]) => (v ?? []).map(Number);

export function UserProfilesTable({ options }: { options: TUserFormOptions | undefined }) {
  const { t } = useTranslation('userAdmin');
  const sel = (list: { value: string; label: string }[]) => list;
  const profileTypes = sel(
    (options?.profile_types ?? []).map((p) => ({ value: p.code, label: `${p.code} - ${p.name}` })),
  );
  const roles = sel((options?.roles ?? []).map((r) => ({ value: r.code, label: `${r.code} - ${r.name}` })));
  const offices = sel(
    (options?.offices ?? []).map((o) => ({ value: o.code, label: `${o.code} - ${o.name}` })),
  );
  const groups = sel((options?.party_groups ?? []).map((g) => ({ value: String(g.id), label: g.name })));
  const lanes = sel((options?.tradelanes ?? []).map((l) => ({ value: String(l.id), label: l.name })));
  return (
    <Form.List name="profiles">
      {(fields, { add, remove }) => (
        <>
          <PlainTable
            rows={fields}
            rowKey={(f) => f.key}
            data-testid="user-profiles"
            empty={<p>{t('noProfiles')}</p>}
            columns={[
              {
                key: 'profile_type',
                title: t('field.profile_type'),
                width: 180,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'profile_type']}
                    rules={[{ required: true, message: t('required') }]}
                    noStyle={false}
                    style={{ margin: 0 }}
                  >
                    <LocalComboField
                      options={profileTypes}
                      aria-label={t('field.profile_type')}
                      data-testid={`user-profile-type-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'role',
                title: t('field.role'),
                width: 180,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'role']}
                    rules={[{ required: true, message: t('roleRequired') }]}
                    style={{ margin: 0 }}
                  >
                    <LocalComboField
                      options={roles}
                      aria-label={t('field.role')}
                      data-testid={`user-profile-role-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'office',
                title: t('field.office'),
                width: 150,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'office_code']} style={{ margin: 0 }}>
                    <LocalComboField
                      options={offices}
                      allowClear
                      aria-label={t('field.office')}
                      data-testid={`user-profile-office-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'user_level',
                title: t('field.user_level'),
                width: 90,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'user_level_id']}
                    style={{ margin: 0 }}
                    getValueProps={idText}
                    normalize={idNumber}
                  >
                    <ChoiceField
                      allowClear
                      aria-label={t('field.user_level')}
                      options={USER_LEVELS.map((l) => ({ value: String(l), label: String(l) }))}
                      data-testid={`user-profile-level-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'party_access',
                title: t('field.party_access'),
                width: 220,
                render: (_, f) => (
                  <>
                    <Form.Item name={[f.name, 'party_type_ids']} style={{ margin: 0 }}>
                      <CheckGroupField
                        list
                        options={PARTY_TYPES.map((p) => ({ value: p, label: p }))}
                        aria-label={t('field.party_access')}
                        data-testid={`user-profile-party-types-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'all_party']} valuePropName="checked" style={{ margin: 0 }}>
                      <CheckboxField data-testid={`user-profile-all-party-${f.name}`}>
                        {t('field.all_party')}
                      </CheckboxField>
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'party_groups',
                title: t('field.party_groups'),
                width: 180,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'party_group_ids']}
                    style={{ margin: 0 }}
                    getValueProps={idsText}
                    normalize={idsNumber}
                  >
                    <CheckGroupField
                      list
                      aria-label={t('field.party_groups')}
                      options={groups}
                      data-testid={`user-profile-groups-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'tradelanes',
                title: t('field.tradelanes'),
                width: 180,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'tradelane_ids']}
                    style={{ margin: 0 }}
                    getValueProps={idsText}
                    normalize={idsNumber}
                  >
                    <CheckGroupField
                      list
                      aria-label={t('field.tradelanes')}
                      options={lanes}
                      data-testid={`user-profile-lanes-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'remove',
                title: '',
                width: 50,
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeProfile')}
                    onClick={() => remove(f.name)}
                    data-testid={`user-profile-remove-${f.name}`}
                  />
                ),
              },
            ]}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              add({ party_type_ids: [], all_party: false, party_group_ids: [], tradelane_ids: [] })
            }
            style={{ marginTop: 8 }}
            data-testid="user-profile-add"
          >
            {t('addProfile')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
