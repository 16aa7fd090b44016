import {
  EXCEL_FILE_RESPONSE,
  ZCarrier,
  ZCarrierExportQuery,
  ZCarrierIdParams,
  ZCarrierListQuery,
  ZCarrierListResponse,
  ZCreateCarrierRequest,
  ZStatusHistoryResponse,
  ZUpdateCarrierRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registerSelectionProvider } from '../../platform/options/selection-options';
import { carrierExportColumns } from './carrier.export';
import { presentCarrier } from './carrier.presenter';
import { carrierService } from './carrier.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['carrier'];

registerSelectionProvider('carrier', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (await carrierService.options(db, searchText, searchValues, limit)).map((c) => ({
      value: c.code,
      text: `${c.code} - ${c.name}`,
    })),
});

/** Carrier maintenance (001 §2 Admin carrier_maintenance), guarded by `admin`. */
export const carrierRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Carrier',
    {
      config: admin,
      schema: { tags, querystring: ZCarrierListQuery, response: { 200: ZCarrierListResponse } },
    },
    async (req) => {
      const page = await carrierService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentCarrier) };
    },
  );

  app.get(
    '/Carrier/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZCarrierExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await carrierService.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `carriers-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Carriers',
        columns: carrierExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.get(
    '/Carrier/:id',
    { config: admin, schema: { tags, params: ZCarrierIdParams, response: { 200: ZCarrier } } },
    async (req) => presentCarrier(await carrierService.get(db, req.params.id)),
  );

  app.get(
    '/Carrier/:id/history',
    { config: admin, schema: { tags, params: ZCarrierIdParams, response: { 200: ZStatusHistoryResponse } } },
    async (req) => {
      await carrierService.get(db, req.params.id);
      return carrierService.history(db, req.params.id);
    },
  );

  app.post(
    '/Carrier',
    { config: admin, schema: { tags, body: ZCreateCarrierRequest, response: { 201: ZCarrier } } },
    async (req, reply) => {
      const row = await carrierService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentCarrier(row));
    },
  );

  app.put(
    '/Carrier/:id',
    {
      config: admin,
      schema: { tags, params: ZCarrierIdParams, body: ZUpdateCarrierRequest, response: { 200: ZCarrier } },
    },
    async (req) =>
      presentCarrier(
        await carrierService.update({ db, id: req.params.id, input: req.body, actor: requireActor(req) }),
      ),
  );
};
