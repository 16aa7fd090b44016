import {
  EXCEL_FILE_RESPONSE,
  ZCreateWarehouseRequest,
  ZStatusHistoryResponse,
  ZUpdateWarehouseRequest,
  ZWarehouse,
  ZWarehouseExportQuery,
  ZWarehouseIdParams,
  ZWarehouseListQuery,
  ZWarehouseListResponse,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import './warehouse.documents';
import { registerSelectionProvider } from '../../platform/options/selection-options';
import { warehouseExportColumns } from './warehouse.export';
import { presentWarehouse } from './warehouse.presenter';
import { warehouseService } from './warehouse.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['warehouse'];

registerSelectionProvider('warehouse', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (await warehouseService.options(db, searchText, searchValues, limit)).map((w) => ({
      value: w.code,
      text: `${w.code} - ${w.name}`,
    })),
});

/** Warehouse maintenance (001 §2 Admin warehouse_maintenance), guarded by `admin`. */
export const warehouseRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Warehouse',
    {
      config: admin,
      schema: { tags, querystring: ZWarehouseListQuery, response: { 200: ZWarehouseListResponse } },
    },
    async (req) => {
      const page = await warehouseService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentWarehouse) };
    },
  );

  app.get(
    '/Warehouse/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZWarehouseExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await warehouseService.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `warehouses-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Warehouses',
        columns: warehouseExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.get(
    '/Warehouse/:party_code_id',
    { config: admin, schema: { tags, params: ZWarehouseIdParams, response: { 200: ZWarehouse } } },
    async (req) => presentWarehouse(await warehouseService.get(db, req.params.party_code_id)),
  );

  app.get(
    '/Warehouse/:party_code_id/history',
    {
      config: admin,
      schema: { tags, params: ZWarehouseIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await warehouseService.get(db, req.params.party_code_id);
      return warehouseService.history(db, req.params.party_code_id);
    },
  );

  app.post(
    '/Warehouse',
    { config: admin, schema: { tags, body: ZCreateWarehouseRequest, response: { 201: ZWarehouse } } },
    async (req, reply) => {
      const row = await warehouseService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentWarehouse(row));
    },
  );

  app.put(
    '/Warehouse/:party_code_id',
    {
      config: admin,
      schema: {
        tags,
        params: ZWarehouseIdParams,
        body: ZUpdateWarehouseRequest,
        response: { 200: ZWarehouse },
      },
    },
    async (req) =>
      presentWarehouse(
        await warehouseService.update({
          db,
          id: req.params.party_code_id,
          input: req.body,
          actor: requireActor(req),
        }),
      ),
  );
};
