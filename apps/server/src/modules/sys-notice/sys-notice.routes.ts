import {
  EXCEL_FILE_RESPONSE,
  ZCreateSysNoticeRequest,
  ZStatusHistoryResponse,
  ZSysNoticeExportQuery,
  ZSysNoticeIdParams,
  ZSysNoticeListQuery,
  ZSysNoticeListResponse,
  ZSysNoticeRecord,
  ZUpdateSysNoticeRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { type ExportColumn, sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { presentSysNotice } from './sys-notice.presenter';
import type { SysNoticeRow } from './sys-notice.repository';
import { sysNoticeService } from './sys-notice.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['sys-notice'];

const EXPORT: {
  en: string;
  hk: string;
  cn: string;
  value: ExportColumn<SysNoticeRow>['value'];
  width: number;
}[] = [
  { en: 'Type', hk: '類型', cn: '类型', value: (r) => r.notice_type, width: 10 },
  { en: 'Title', hk: '標題', cn: '标题', value: (r) => r.notice_title, width: 36 },
  { en: 'Body', hk: '內容', cn: '内容', value: (r) => r.notice_body, width: 50 },
  { en: 'Affected System', hk: '受影響系統', cn: '受影响系统', value: (r) => r.affected_system, width: 20 },
  { en: 'Valid From', hk: '有效期由', cn: '有效期自', value: (r) => new Date(r.valid_from), width: 20 },
  { en: 'Valid To', hk: '有效期至', cn: '有效期至', value: (r) => new Date(r.valid_to), width: 20 },
  { en: 'Remarks', hk: '備註', cn: '备注', value: (r) => r.remarks, width: 30 },
];

/** System notice maintenance (001 §2 Admin sys_notice_maintenance), guarded by `admin`. */
export const sysNoticeRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/SysNotice',
    {
      config: admin,
      schema: { tags, querystring: ZSysNoticeListQuery, response: { 200: ZSysNoticeListResponse } },
    },
    async (req) => {
      const page = await sysNoticeService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentSysNotice) };
    },
  );

  app.get(
    '/SysNotice/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZSysNoticeExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const pick = (c: (typeof EXPORT)[number]) => (lang === 'zh-HK' ? c.hk : lang === 'zh-CN' ? c.cn : c.en);
      return sendExcel(reply, {
        fileName: `system-notices-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'System notices',
        columns: EXPORT.map((c) => ({ header: pick(c), value: c.value, width: c.width })),
        rows: await sysNoticeService.exportRows(db, req.query),
      });
    },
  );

  app.get(
    '/SysNotice/:uid',
    { config: admin, schema: { tags, params: ZSysNoticeIdParams, response: { 200: ZSysNoticeRecord } } },
    async (req) => presentSysNotice(await sysNoticeService.get(db, req.params.uid)),
  );

  app.get(
    '/SysNotice/:uid/history',
    {
      config: admin,
      schema: { tags, params: ZSysNoticeIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await sysNoticeService.get(db, req.params.uid);
      return sysNoticeService.history(db, req.params.uid);
    },
  );

  app.post(
    '/SysNotice',
    { config: admin, schema: { tags, body: ZCreateSysNoticeRequest, response: { 201: ZSysNoticeRecord } } },
    async (req, reply) => {
      const row = await sysNoticeService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentSysNotice(row));
    },
  );

  app.put(
    '/SysNotice/:uid',
    {
      config: admin,
      schema: {
        tags,
        params: ZSysNoticeIdParams,
        body: ZUpdateSysNoticeRequest,
        response: { 200: ZSysNoticeRecord },
      },
    },
    async (req) =>
      presentSysNotice(
        await sysNoticeService.update({ db, uid: req.params.uid, input: req.body, actor: requireActor(req) }),
      ),
  );
};
