import type { TRoleRecord } from '@portal/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Form } from '../../shared/form';
import { fieldsOf } from '../../shared/form/lazy-schema';
import { zodRule } from '../../shared/form/zod-rule';
import { MaintenanceDetail, parseRecordId } from '../../shared/maintenance/maintenance-detail';
import { recordValueText, useRecordCalls } from '../../shared/maintenance/record-calls';
import { RecordHistoryTab } from '../../shared/maintenance/record-history-tab';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { roleApi, useFuncCatalogue } from './role-api';
import { type RoleFormValues, toFormValues, toRequest } from './role-form-values';
import { RoleFuncTree, RoleFuncTreeLoading } from './role-func-tree';
import { ROLE_LIST_PATH, rolePath } from './role-paths';

const F = fieldsOf((c) => c.ZRoleFields);
/** /BMS/role_maintenance/:role_id ('new' creates): a role's code, name and function ids. */
export default function RoleDetailRoute() {
  const { role_id } = useParams();
  return <RoleDetail key={role_id} id={parseRecordId(role_id)} />;
}

function RoleDetail({ id }: { id: number | 'new' | null }) {
  const { t } = useTranslation('role');
  const calls = useRecordCalls(roleApi, id);
  const catalogue = useFuncCatalogue();
  return (
    <MaintenanceDetail<TRoleRecord, RoleFormValues, ReturnType<typeof toRequest>>
      id={id}
      testId="role"
      listPath={ROLE_LIST_PATH}
      pathOf={rolePath}
      idOf={(r) => r.role_id}
      {...calls}
      toFormValues={toFormValues}
      toRequest={toRequest}
      title={(r) => (r ? t('editTitle', { code: r.code }) : t('newRole'))}
      createdText={(r) => t('created', { code: r.code })}
      savedText={(r) => t('saved', { code: r.code })}
      renderForm={({ form, onValuesChange, disabled }) => (
        <Form<RoleFormValues>
          form={form}
          layout="vertical"
          disabled={disabled}
          onValuesChange={onValuesChange}
          data-testid="role-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="code" label={t('field.code')} required rules={[zodRule(F('code'))]}>
                <PlainTextInput maxLength={40} data-testid="role-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="name" label={t('field.name')} required rules={[zodRule(F('name'))]}>
                <PlainTextInput maxLength={100} data-testid="role-name" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="func_ids" label={t('field.func_ids')} extra={t('hint.func_ids')}>
            {catalogue.data ? (
              <RoleFuncTree catalogue={catalogue.data} disabled={disabled} aria-label={t('field.func_ids')} />
            ) : (
              <RoleFuncTreeLoading />
            )}
          </Form.Item>
        </Form>
      )}
      renderHistory={(r, active) => (
        <RecordHistoryTab
          path={roleApi.historyPath(r.role_id)}
          active={active}
          statusLabel={(s) => s}
          fieldLabel={(f) => t(`field.${f}`, { defaultValue: f })}
          formatValue={(_f, v) => recordValueText(v)}
        />
      )}
    />
  );
}
