import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PARTY_TYPES, type TUserFormOptions, USER_LEVELS } from '@portal/contracts';
import { Button, Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { StaticTable } from '../../shared/list/static-table';

/**
 * The user's profiles as an editable table (001 §3 User: profile type, function role, office, user level,
 * party access type, party groups, trade lanes). One function role per profile: the access hook reads it.
 */
export function UserProfilesTable({ options }: { options: TUserFormOptions | undefined }) {
  const { t } = useTranslation('userAdmin');
  const sel = (list: { value: string | number; label: string }[]) => list;
  const profileTypes = sel(
    (options?.profile_types ?? []).map((p) => ({ value: p.code, label: `${p.code} - ${p.name}` })),
  );
  const roles = sel((options?.roles ?? []).map((r) => ({ value: r.code, label: `${r.code} - ${r.name}` })));
  const offices = sel(
    (options?.offices ?? []).map((o) => ({ value: o.code, label: `${o.code} - ${o.name}` })),
  );
  const groups = sel((options?.party_groups ?? []).map((g) => ({ value: g.id, label: g.name })));
  const lanes = sel((options?.tradelanes ?? []).map((l) => ({ value: l.id, label: l.name })));
  return (
    <Form.List name="profiles">
      {(fields, { add, remove }) => (
        <>
          <StaticTable
            pageSize={false}
            rowKey="key"
            rows={fields}
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
                    <Select
                      options={profileTypes}
                      showSearch={{ optionFilterProp: 'label' }}
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
                    <Select
                      options={roles}
                      showSearch={{ optionFilterProp: 'label' }}
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
                    <Select
                      options={offices}
                      allowClear
                      showSearch
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
                  <Form.Item name={[f.name, 'user_level_id']} style={{ margin: 0 }}>
                    <Select
                      allowClear
                      options={USER_LEVELS.map((l) => ({ value: l, label: String(l) }))}
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
                      <Select
                        mode="multiple"
                        options={PARTY_TYPES.map((p) => ({ value: p, label: p }))}
                        data-testid={`user-profile-party-types-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'all_party']} valuePropName="checked" style={{ margin: 0 }}>
                      <Checkbox data-testid={`user-profile-all-party-${f.name}`}>
                        {t('field.all_party')}
                      </Checkbox>
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'party_groups',
                title: t('field.party_groups'),
                width: 180,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'party_group_ids']} style={{ margin: 0 }}>
                    <Select
                      mode="multiple"
                      options={groups}
                      optionFilterProp="label"
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
                  <Form.Item name={[f.name, 'tradelane_ids']} style={{ margin: 0 }}>
                    <Select
                      mode="multiple"
                      options={lanes}
                      optionFilterProp="label"
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
