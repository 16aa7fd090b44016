import {
  EXCEL_FILE_RESPONSE,
  ZCreateSequenceRuleRequest,
  ZSequenceRuleDetail,
  ZSequenceRuleExportQuery,
  ZSequenceRuleIdParams,
  ZSequenceRuleListQuery,
  ZSequenceRuleListResponse,
  ZStatusHistoryResponse,
  ZUpdateSequenceRuleRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { sequenceExportColumns } from './sequence.export';
import { presentSequenceRule, presentSequenceRuleDetail } from './sequence.presenter';
import { sequenceService } from './sequence.service';

const seq = { access: { funcId: 'seq_base' } } as const;
const tags = ['sequence'];

/** Sequence rule maintenance (/BMS/Admin/SEQ), guarded by `seq_base`. */
export const sequenceRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/SequenceRule',
    {
      config: seq,
      schema: { tags, querystring: ZSequenceRuleListQuery, response: { 200: ZSequenceRuleListResponse } },
    },
    async (req) => {
      const page = await sequenceService.list(db, req.query);
      return { ...page, rows: page.rows.map((r) => presentSequenceRule(r.row, r.now)) };
    },
  );

  app.get(
    '/SequenceRule/export',
    {
      config: seq,
      schema: {
        tags,
        querystring: ZSequenceRuleExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await sequenceService.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `sequence-rules-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Sequence rules',
        columns: sequenceExportColumns(requestLanguage(req)),
        rows: rows.map((r) => presentSequenceRule(r.row, r.now)),
      });
    },
  );

  app.get(
    '/SequenceRule/:mst_seq_rule_id',
    { config: seq, schema: { tags, params: ZSequenceRuleIdParams, response: { 200: ZSequenceRuleDetail } } },
    async (req) => {
      const { row, now, counters } = await sequenceService.get(db, req.params.mst_seq_rule_id);
      return presentSequenceRuleDetail(row, now, counters);
    },
  );

  app.get(
    '/SequenceRule/:mst_seq_rule_id/history',
    {
      config: seq,
      schema: { tags, params: ZSequenceRuleIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await sequenceService.get(db, req.params.mst_seq_rule_id);
      return sequenceService.history(db, req.params.mst_seq_rule_id);
    },
  );

  app.post(
    '/SequenceRule',
    {
      config: seq,
      schema: { tags, body: ZCreateSequenceRuleRequest, response: { 201: ZSequenceRuleDetail } },
    },
    async (req, reply) => {
      const created = await sequenceService.create({ db, input: req.body, actor: requireActor(req) });
      // The detail, as GET and PUT answer it: the screen shows the saved rule with its (empty) counters.
      const { row, now, counters } = await sequenceService.get(db, created.mst_seq_rule_id);
      return reply.status(201).send(presentSequenceRuleDetail(row, now, counters));
    },
  );

  app.put(
    '/SequenceRule/:mst_seq_rule_id',
    {
      config: seq,
      schema: {
        tags,
        params: ZSequenceRuleIdParams,
        body: ZUpdateSequenceRuleRequest,
        response: { 200: ZSequenceRuleDetail },
      },
    },
    async (req) => {
      const id = req.params.mst_seq_rule_id;
      await sequenceService.update({ db, id, input: req.body, actor: requireActor(req) });
      const { row, now, counters } = await sequenceService.get(db, id);
      return presentSequenceRuleDetail(row, now, counters);
    },
  );
};
