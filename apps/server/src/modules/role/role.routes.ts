import {
  EXCEL_FILE_RESPONSE,
  ZCreateRoleRequest,
  ZFuncCatalogue,
  ZRoleExportQuery,
  ZRoleIdParams,
  ZRoleListQuery,
  ZRoleListResponse,
  ZRoleRecord,
  ZStatusHistoryResponse,
  ZUpdateRoleRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import { assertExportSize, sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { presentRole } from './role.presenter';
import { ROLE_ENTITY, type RoleWithFuncs, roleService } from './role.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['role'];
const params = ZRoleIdParams;

type Col = { en: string; hk: string; cn: string; value: (r: RoleWithFuncs) => string; width?: number };
const EXPORT: Col[] = [
  { en: 'Code', hk: '代碼', cn: '代码', value: (r) => r.code, width: 16 },
  { en: 'Name', hk: '名稱', cn: '名称', value: (r) => r.name, width: 28 },
  { en: 'Function IDs', hk: '功能代碼', cn: '功能代码', value: (r) => r.func_ids.join(', '), width: 80 },
];

/** The role → function-id catalogue (/BMS/role_maintenance), guarded by `admin`. */
export const roleRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Role',
    { config: admin, schema: { tags, querystring: ZRoleListQuery, response: { 200: ZRoleListResponse } } },
    async (req) => {
      const page = await roleService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentRole) };
    },
  );

  app.get(
    '/Role/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZRoleExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const pick = (c: Col) => (lang === 'zh-HK' ? c.hk : lang === 'zh-CN' ? c.cn : c.en);
      const page = await roleService.list(db, { ...req.query, page: 1, pageSize: 100 });
      assertExportSize(page.rows.length);
      return sendExcel(reply, {
        fileName: `roles-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Roles',
        columns: EXPORT.map((c) => ({ header: pick(c), value: c.value, width: c.width })),
        rows: page.rows,
      });
    },
  );

  app.get('/Role/funcs', { config: admin, schema: { tags, response: { 200: ZFuncCatalogue } } }, async () =>
    roleService.catalogue(db),
  );

  app.post(
    '/Role',
    { config: admin, schema: { tags, body: ZCreateRoleRequest, response: { 201: ZRoleRecord } } },
    async (req, reply) => {
      const row = await roleService.create(db, { body: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentRole(row));
    },
  );

  app.get(
    '/Role/:role_id',
    { config: admin, schema: { tags, params, response: { 200: ZRoleRecord } } },
    async (req) => presentRole(await roleService.get(db, req.params.role_id)),
  );

  app.put(
    '/Role/:role_id',
    { config: admin, schema: { tags, params, body: ZUpdateRoleRequest, response: { 200: ZRoleRecord } } },
    async (req) =>
      presentRole(
        await roleService.update(db, { id: req.params.role_id, body: req.body, actor: requireActor(req) }),
      ),
  );

  app.get(
    '/Role/:role_id/history',
    { config: admin, schema: { tags, params, response: { 200: ZStatusHistoryResponse } } },
    async (req) => {
      await roleService.get(db, req.params.role_id);
      return listHistory(db, ROLE_ENTITY, req.params.role_id);
    },
  );
};
