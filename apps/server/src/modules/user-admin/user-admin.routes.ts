import {
  EXCEL_FILE_RESPONSE,
  ZAdminUser,
  ZCreateUserRequest,
  ZStatusHistoryResponse,
  ZUpdateUserRequest,
  ZUserExportQuery,
  ZUserFormOptions,
  ZUserIdParams,
  ZUserListQuery,
  ZUserListResponse,
  ZUserResetPasswordRequest,
  ZUserStatusRequest,
  ZUserVersionRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import { assertExportSize, sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { presentAdminUser } from './user-admin.presenter';
import type { UserRow } from './user-admin.repository';
import { USER_ENTITY, userAdminService } from './user-admin.service';
import { userEditService } from './user-admin-edit.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['user-admin'];
const params = ZUserIdParams;

type Col = { en: string; hk: string; cn: string; value: (r: UserRow) => string | null; width?: number };
const EXPORT: Col[] = [
  { en: 'Login ID', hk: '登入名稱', cn: '登录名称', value: (r) => r.login_id, width: 32 },
  { en: 'Family name', hk: '姓', cn: '姓', value: (r) => r.last_name },
  { en: 'Given name', hk: '名', cn: '名', value: (r) => r.first_name },
  { en: 'Status', hk: '狀態', cn: '状态', value: (r) => r.status, width: 8 },
  { en: 'Language', hk: '語言', cn: '语言', value: (r) => r.default_lang, width: 10 },
  { en: 'Last sign-in', hk: '最後登入', cn: '最后登录', value: (r) => r.last_login_at },
];

/** User maintenance (001 §2 Admin user_maintenance), guarded by `admin`. */
export const userAdminRoutes: ModuleRoutes = (app, { db, config }) => {
  const strongPasswords = config.password.strong;
  app.get(
    '/User',
    { config: admin, schema: { tags, querystring: ZUserListQuery, response: { 200: ZUserListResponse } } },
    async (req) => {
      const page = await userAdminService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentAdminUser) };
    },
  );

  app.get(
    '/User/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZUserExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const pick = (c: Col) => (lang === 'zh-HK' ? c.hk : lang === 'zh-CN' ? c.cn : c.en);
      const rows = await userAdminService.exportRows(db, req.query);
      assertExportSize(rows.length);
      return sendExcel(reply, {
        fileName: `users-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Users',
        columns: EXPORT.map((c) => ({ header: pick(c), value: c.value, width: c.width })),
        rows,
      });
    },
  );

  app.get(
    '/User/formOptions',
    { config: admin, schema: { tags, response: { 200: ZUserFormOptions } } },
    async () => userEditService.formOptions(db),
  );

  app.post(
    '/User',
    { config: admin, schema: { tags, body: ZCreateUserRequest, response: { 201: ZAdminUser } } },
    async (req, reply) => {
      const user = await userEditService.create(db, {
        body: req.body,
        actor: requireActor(req),
        strongPasswords,
      });
      return reply.code(201).send(presentAdminUser(user));
    },
  );

  app.put(
    '/User/:user_uid',
    { config: admin, schema: { tags, params, body: ZUpdateUserRequest, response: { 200: ZAdminUser } } },
    async (req) =>
      presentAdminUser(
        await userEditService.update(db, {
          uid: req.params.user_uid,
          body: req.body,
          actor: requireActor(req),
        }),
      ),
  );

  app.get(
    '/User/:user_uid',
    { config: admin, schema: { tags, params, response: { 200: ZAdminUser } } },
    async (req) => presentAdminUser(await userAdminService.get(db, req.params.user_uid)),
  );

  app.get(
    '/User/:user_uid/history',
    { config: admin, schema: { tags, params, response: { 200: ZStatusHistoryResponse } } },
    async (req) => {
      await userAdminService.get(db, req.params.user_uid);
      return listHistory(db, USER_ENTITY, req.params.user_uid);
    },
  );

  app.post(
    '/User/:user_uid/status',
    { config: admin, schema: { tags, params, body: ZUserStatusRequest, response: { 200: ZAdminUser } } },
    async (req) =>
      presentAdminUser(
        await userAdminService.setStatus(db, {
          uid: req.params.user_uid,
          ...req.body,
          actor: requireActor(req),
        }),
      ),
  );

  app.post(
    '/User/:user_uid/resetPassword',
    {
      config: admin,
      schema: { tags, params, body: ZUserResetPasswordRequest, response: { 200: ZAdminUser } },
    },
    async (req) =>
      presentAdminUser(
        await userAdminService.resetPassword(db, {
          uid: req.params.user_uid,
          ...req.body,
          actor: requireActor(req),
          strongPasswords,
        }),
      ),
  );

  app.post(
    '/User/:user_uid/unlock',
    { config: admin, schema: { tags, params, body: ZUserVersionRequest, response: { 200: ZAdminUser } } },
    async (req) =>
      presentAdminUser(
        await userAdminService.unlock(db, {
          uid: req.params.user_uid,
          ...req.body,
          actor: requireActor(req),
        }),
      ),
  );
};
