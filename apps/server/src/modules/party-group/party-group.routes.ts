import {
  EXCEL_FILE_RESPONSE,
  ZCreatePartyGroupRequest,
  ZPartyGroup,
  ZPartyGroupExportQuery,
  ZPartyGroupIdParams,
  ZPartyGroupListQuery,
  ZPartyGroupListResponse,
  ZStatusHistoryResponse,
  ZUpdatePartyGroupRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { partyGroupExportColumns } from './party-group.export';
import { presentPartyGroup, presentPartyGroupRow } from './party-group.presenter';
import { partyGroupService } from './party-group.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['party-group'];

/** Party group maintenance (001 §2 Admin party_group_maintenance), guarded by `admin`. */
export const partyGroupRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/PartyGroup',
    {
      config: admin,
      schema: { tags, querystring: ZPartyGroupListQuery, response: { 200: ZPartyGroupListResponse } },
    },
    async (req) => {
      const page = await partyGroupService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentPartyGroupRow) };
    },
  );

  app.get(
    '/PartyGroup/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZPartyGroupExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await partyGroupService.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `party-groups-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Party groups',
        columns: partyGroupExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.get(
    '/PartyGroup/:party_group_id',
    { config: admin, schema: { tags, params: ZPartyGroupIdParams, response: { 200: ZPartyGroup } } },
    async (req) => presentPartyGroup(await partyGroupService.get(db, req.params.party_group_id)),
  );

  app.get(
    '/PartyGroup/:party_group_id/history',
    {
      config: admin,
      schema: { tags, params: ZPartyGroupIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await partyGroupService.get(db, req.params.party_group_id);
      return partyGroupService.history(db, req.params.party_group_id);
    },
  );

  app.post(
    '/PartyGroup',
    { config: admin, schema: { tags, body: ZCreatePartyGroupRequest, response: { 201: ZPartyGroup } } },
    async (req, reply) => {
      const row = await partyGroupService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentPartyGroup(row));
    },
  );

  app.put(
    '/PartyGroup/:party_group_id',
    {
      config: admin,
      schema: {
        tags,
        params: ZPartyGroupIdParams,
        body: ZUpdatePartyGroupRequest,
        response: { 200: ZPartyGroup },
      },
    },
    async (req) =>
      presentPartyGroup(
        await partyGroupService.update({
          db,
          id: req.params.party_group_id,
          input: req.body,
          actor: requireActor(req),
        }),
      ),
  );
};
