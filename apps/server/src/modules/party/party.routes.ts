import {
  BOOKING_OWN_PARTY_OPTION_KEY,
  EXCEL_FILE_RESPONSE,
  INVOICE_ACCOUNT_OPTION_KEY,
  INVOICE_ACCOUNT_PARTY_TYPES,
  isExternalProfile,
  type TPartyListQuery,
  ZAccountGroup,
  ZAccountGroupIdParams,
  ZAccountGroupListQuery,
  ZAccountGroupListResponse,
  ZCreateAccountGroupRequest,
  ZCreatePartyRequest,
  ZPartyByListExportQuery,
  ZPartyByListQuery,
  ZPartyCountsResponse,
  ZPartyDuplicateCheckRequest,
  ZPartyDuplicateCheckResponse,
  ZPartyExportQuery,
  ZPartyIdParams,
  ZPartyListParams,
  ZPartyListQuery,
  ZPartyListResponse,
  ZPartyLookupQuery,
  ZPartyLookupResponse,
  ZPartyResponse,
  ZPartyTransitionRequest,
  ZStatusHistoryResponse,
  ZUpdateAccountGroupRequest,
  ZUpdatePartyRequest,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registerSelectionProvider } from '../../platform/options/selection-options';
import { accountGroupService, presentAccountGroup } from './account-group.service';
import { partyExportColumns } from './party.export';
import './party.documents';
import { presentParty, presentPartyListRow } from './party.presenter';
import { partyService } from './party.service';
import { transitionParty } from './party-approval.service';

const party = { access: { funcId: 'party' } } as const;
const tags = ['party'];

const ids = (values: string[] | null) =>
  values?.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_648) ?? null;

/**
 * Picker options under fetchOptionKey 'party': value is the party_id (as text, stable; store it as a
 * foreign key to parties.party_id), text "CODE - Full name". Only active parties handled in SUNAC.
 */
registerSelectionProvider('party', {
  search: async ({ db, searchText, searchValues, limit }) =>
    (
      await partyService.options(db, {
        text: searchText,
        ids: ids(searchValues),
        includeUnapproved: false,
        limit,
        lang: 'en-US',
      })
    ).map((o) => ({ value: String(o.party.party_id), text: `${o.party.party_code} - ${o.party.full_name}` })),
});

/**
 * The parties the user books for (issue 39), under fetchOptionKey 'own_party' (BOOKING_OWN_PARTY_OPTION_KEY):
 * an external profile gets only its own parties (the party groups on its profile), filtered here so no other
 * party can be offered; internal profiles get every party, as 'party'. The booking form's own-party field
 * (a shipper's Shipper) looks up with it, so what it offers is what Save accepts.
 */
registerSelectionProvider(BOOKING_OWN_PARTY_OPTION_KEY, {
  search: async ({ db, actor, searchText, searchValues, limit }) => {
    const external = isExternalProfile(actor.profile_type);
    return (
      await partyService.options(db, {
        text: searchText,
        ids: ids(searchValues),
        includeUnapproved: false,
        limit,
        lang: 'en-US',
        externalProfileId: external ? (actor.profile ?? -1) : null,
        ownOnly: true,
      })
    ).map((o) => ({ value: String(o.party.party_id), text: `${o.party.party_code} - ${o.party.full_name}` }));
  },
});

/**
 * The invoice header's account lookup (issue 38), one list per side: value the party code (what an invoice
 * stores), text "CODE - Full name"; receivables bill customers and shipment parties, payables are vendors',
 * carriers' and agents' (contracts INVOICE_ACCOUNT_PARTY_TYPES). Only active parties handled in SUNAC.
 */
for (const side of ['AR', 'AP'] as const)
  registerSelectionProvider(INVOICE_ACCOUNT_OPTION_KEY[side], {
    search: async ({ db, searchText, searchValues, limit }) =>
      (
        await partyService.options(db, {
          text: searchText,
          ids: null,
          codes: searchValues,
          partyTypes: INVOICE_ACCOUNT_PARTY_TYPES[side],
          includeUnapproved: false,
          limit,
          lang: 'en-US',
        })
      ).map((o) => ({ value: o.party.party_code, text: `${o.party.party_code} - ${o.party.full_name}` })),
  });

/** Account group picker on the party form: value customer_id, text "CODE - Name". */
registerSelectionProvider('account_group', {
  funcId: 'party',
  search: async ({ db, searchText, searchValues, limit }) =>
    (await accountGroupService.options(db, searchText, ids(searchValues), limit)).map((g) => ({
      value: String(g.customer_id),
      text: `${g.code} - ${g.name}`,
    })),
});

/** Party maintenance and its approval pipeline (001 §2 Party), guarded by `party`. */
export const partyRoutes: ModuleRoutes = (app, { db }) => {
  /** A party list as an Excel file named after the list and today, its headers in the reader's language. */
  const exportParties = async (req: FastifyRequest, reply: FastifyReply, query: TPartyListQuery) => {
    const rows = await partyService.exportRows(db, query);
    return sendExcel(reply, {
      fileName: `parties-${query.list}-${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheetName: 'Parties',
      columns: partyExportColumns(requestLanguage(req)),
      rows,
    });
  };
  app.get(
    '/Party',
    { config: party, schema: { tags, querystring: ZPartyListQuery, response: { 200: ZPartyListResponse } } },
    async (req) => {
      const page = await partyService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentPartyListRow) };
    },
  );

  app.get(
    '/Party/list/:list',
    {
      config: party,
      schema: {
        tags,
        params: ZPartyListParams,
        querystring: ZPartyByListQuery,
        response: { 200: ZPartyListResponse },
      },
    },
    async (req) => {
      const page = await partyService.list(db, { ...req.query, list: req.params.list });
      return { ...page, rows: page.rows.map(presentPartyListRow) };
    },
  );

  app.get(
    '/Party/list/:list/export',
    {
      config: party,
      schema: {
        tags,
        params: ZPartyListParams,
        querystring: ZPartyByListExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => exportParties(req, reply, { ...req.query, list: req.params.list }),
  );

  app.get(
    '/Party/counts',
    { config: party, schema: { tags, response: { 200: ZPartyCountsResponse } } },
    async () => partyService.counts(db),
  );

  app.get(
    '/Party/export',
    {
      config: party,
      schema: {
        tags,
        querystring: ZPartyExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => exportParties(req, reply, req.query),
  );

  app.get(
    '/Party/lookup',
    {
      config: { access: 'profile' },
      schema: { tags, querystring: ZPartyLookupQuery, response: { 200: ZPartyLookupResponse } },
    },
    async (req) => partyService.lookup(db, requireActor(req), req.query, requestLanguage(req)),
  );

  app.post(
    '/Party/duplicate-check',
    {
      config: party,
      schema: { tags, body: ZPartyDuplicateCheckRequest, response: { 200: ZPartyDuplicateCheckResponse } },
    },
    async (req) => partyService.duplicates(db, req.body),
  );

  app.get(
    '/Party/AccountGroup',
    {
      config: party,
      schema: { tags, querystring: ZAccountGroupListQuery, response: { 200: ZAccountGroupListResponse } },
    },
    async (req) => {
      const page = await accountGroupService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentAccountGroup) };
    },
  );

  app.get(
    '/Party/AccountGroup/:customer_id',
    { config: party, schema: { tags, params: ZAccountGroupIdParams, response: { 200: ZAccountGroup } } },
    async (req) => presentAccountGroup(await accountGroupService.get(db, req.params.customer_id)),
  );

  app.get(
    '/Party/AccountGroup/:customer_id/history',
    {
      config: party,
      schema: { tags, params: ZAccountGroupIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await accountGroupService.get(db, req.params.customer_id);
      return accountGroupService.history(db, req.params.customer_id);
    },
  );

  app.post(
    '/Party/AccountGroup',
    { config: party, schema: { tags, body: ZCreateAccountGroupRequest, response: { 201: ZAccountGroup } } },
    async (req, reply) => {
      const row = await accountGroupService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentAccountGroup(row));
    },
  );

  app.put(
    '/Party/AccountGroup/:customer_id',
    {
      config: party,
      schema: {
        tags,
        params: ZAccountGroupIdParams,
        body: ZUpdateAccountGroupRequest,
        response: { 200: ZAccountGroup },
      },
    },
    async (req) =>
      presentAccountGroup(
        await accountGroupService.update({
          db,
          id: req.params.customer_id,
          input: req.body,
          actor: requireActor(req),
        }),
      ),
  );

  app.get(
    '/Party/:party_id',
    { config: party, schema: { tags, params: ZPartyIdParams, response: { 200: ZPartyResponse } } },
    async (req) => presentParty(await partyService.get(db, req.params.party_id)),
  );

  app.get(
    '/Party/:party_id/history',
    { config: party, schema: { tags, params: ZPartyIdParams, response: { 200: ZStatusHistoryResponse } } },
    async (req) => {
      await partyService.get(db, req.params.party_id);
      return partyService.history(db, req.params.party_id);
    },
  );

  app.post(
    '/Party',
    { config: party, schema: { tags, body: ZCreatePartyRequest, response: { 201: ZPartyResponse } } },
    async (req, reply) => {
      const id = await partyService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentParty(await partyService.get(db, id)));
    },
  );

  app.put(
    '/Party/:party_id',
    {
      config: party,
      schema: { tags, params: ZPartyIdParams, body: ZUpdatePartyRequest, response: { 200: ZPartyResponse } },
    },
    async (req) => {
      const id = await partyService.update({
        db,
        id: req.params.party_id,
        input: req.body,
        actor: requireActor(req),
      });
      return presentParty(await partyService.get(db, id));
    },
  );

  app.post(
    '/Party/:party_id/action',
    {
      config: party,
      schema: {
        tags,
        params: ZPartyIdParams,
        body: ZPartyTransitionRequest,
        response: { 200: ZPartyResponse },
      },
    },
    async (req) => {
      const id = await transitionParty({
        db,
        id: req.params.party_id,
        input: req.body,
        actor: requireActor(req),
      });
      return presentParty(await partyService.get(db, id));
    },
  );
};
