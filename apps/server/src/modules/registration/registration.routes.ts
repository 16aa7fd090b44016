import {
  EXCEL_FILE_RESPONSE,
  ZActivateQuery,
  ZApproveRegistrationRequest,
  ZKeyValueOptionList,
  ZOfficeOptsQuery,
  ZRegisterApplicationRequest,
  ZRegisterResponse,
  ZRegisterUserRequest,
  ZRegistration,
  ZRegistrationIdParams,
  ZRegistrationListQuery,
  ZRegistrationListResponse,
  ZRegistrationOfficeOptionList,
  ZRegSuccess,
  ZRejectRegistrationRequest,
  ZStatusHistoryResponse,
  ZUpdateNewUserPasswordRequest,
  ZValidateSisUserQuery,
  ZValidateSisUserResponse,
  ZValidateUserProfileQuery,
  ZValidateUserProfileResponse,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registrationExportColumns } from './registration.export';
import { presentRegistration, presentRegistrationRow } from './registration.presenter';
import { registrationService as reg } from './registration.service';
import { registrationAdminService as admin } from './registration-admin.service';
import { sisAdapter } from './sis-adapter';

const open = { access: 'public' } as const;
const guarded = { access: { funcId: 'admin' } } as const;
const tags = ['registration'];

/** Self-registration (000 §4, §7; public) and its administration (001 user_registration_maintenance; admin). */
export const registrationRoutes: ModuleRoutes = (app, { db, config }) => {
  const sis = sisAdapter(config.sisUrl);

  app.get(
    '/admin/getusertypeopts',
    { config: open, schema: { tags, response: { 200: ZKeyValueOptionList } } },
    () => reg.userTypeOptions(db),
  );
  app.get(
    '/admin/getlocationopts',
    { config: open, schema: { tags, response: { 200: ZKeyValueOptionList } } },
    () => reg.locationOptions(),
  );
  app.get(
    '/admin/getofficeopts',
    {
      config: open,
      schema: { tags, querystring: ZOfficeOptsQuery, response: { 200: ZRegistrationOfficeOptionList } },
    },
    (req) => reg.officeOptions(db, req.query.location_type_id),
  );
  app.get(
    '/admin/validateuserprofile',
    {
      // tells whether a login id exists (the spec wants the message): behind the strict limit
      config: { ...open, credentialLimit: { loginId: 'login_id' } },
      schema: {
        tags,
        querystring: ZValidateUserProfileQuery,
        response: { 200: ZValidateUserProfileResponse },
      },
    },
    (req) => reg.validateUserProfile(db, req.query.login_id, req.query.checkIsRegistered),
  );
  app.post(
    '/admin/registerapplication',
    {
      config: { ...open, credentialLimit: { loginId: 'login_id' } },
      schema: { tags, body: ZRegisterApplicationRequest, response: { 200: ZRegisterResponse } },
    },
    async (req) => ({
      success: true as const,
      user_registration_id: await reg.registerApplication({ db, config, input: req.body }),
    }),
  );
  app.get(
    '/Admin/validateAndGetSISUser',
    {
      config: { ...open, credentialLimit: { loginId: 'sis_user_id' } },
      schema: { tags, querystring: ZValidateSisUserQuery, response: { 200: ZValidateSisUserResponse } },
    },
    (req) => reg.validateSisUser({ db, sis, sisUserId: req.query.sis_user_id, password: req.query.password }),
  );
  app.post(
    '/admin/registeruser',
    {
      config: { ...open, credentialLimit: { loginId: 'sis_user_id' } },
      schema: { tags, body: ZRegisterUserRequest, response: { 200: ZRegisterResponse } },
    },
    async (req) => ({
      success: true as const,
      user_registration_id: await reg.registerUser({ db, config, sis, input: req.body }),
    }),
  );
  app.get(
    '/admin/activateAccount',
    {
      config: { ...open, credentialLimit: { loginId: 'loginid' } },
      schema: { tags, querystring: ZActivateQuery, response: { 200: ZRegSuccess } },
    },
    (req) => reg.activateAccount({ db, loginId: req.query.loginid, token: req.query.token }),
  );
  app.post(
    '/Admin/UpdateNewUserPassword',
    {
      config: { ...open, credentialLimit: { loginId: 'login_id' } },
      schema: { tags, body: ZUpdateNewUserPasswordRequest, response: { 200: ZRegSuccess } },
    },
    (req) => reg.updateNewUserPassword({ db, config, input: req.body }),
  );

  // ---- administration ----
  app.get(
    '/admin/UserRegistration',
    {
      config: guarded,
      schema: { tags, querystring: ZRegistrationListQuery, response: { 200: ZRegistrationListResponse } },
    },
    async (req) => {
      const page = await admin.list(db, req.query);
      return { ...page, rows: page.rows.map(presentRegistrationRow) };
    },
  );
  app.get(
    '/admin/UserRegistration/export',
    {
      config: guarded,
      schema: { tags, querystring: ZRegistrationListQuery, response: { 200: EXCEL_FILE_RESPONSE } },
    },
    async (req, reply) =>
      sendExcel(reply, {
        fileName: `user-registrations-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Registrations',
        columns: registrationExportColumns(requestLanguage(req)),
        rows: await admin.exportRows(db, req.query),
      }),
  );
  app.get(
    '/admin/UserRegistration/:user_registration_id',
    { config: guarded, schema: { tags, params: ZRegistrationIdParams, response: { 200: ZRegistration } } },
    async (req) => presentRegistration(await admin.get(db, req.params.user_registration_id)),
  );
  app.get(
    '/admin/UserRegistration/:user_registration_id/history',
    {
      config: guarded,
      schema: { tags, params: ZRegistrationIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await admin.get(db, req.params.user_registration_id);
      return admin.history(db, req.params.user_registration_id);
    },
  );
  app.post(
    '/admin/UserRegistration/:user_registration_id/approve',
    {
      config: guarded,
      schema: {
        tags,
        params: ZRegistrationIdParams,
        body: ZApproveRegistrationRequest,
        response: { 200: ZRegistration },
      },
    },
    async (req) =>
      presentRegistration(
        await admin.approve({
          db,
          config,
          id: req.params.user_registration_id,
          version: req.body.version,
          actor: requireActor(req),
        }),
      ),
  );
  app.post(
    '/admin/UserRegistration/:user_registration_id/reject',
    {
      config: guarded,
      schema: {
        tags,
        params: ZRegistrationIdParams,
        body: ZRejectRegistrationRequest,
        response: { 200: ZRegistration },
      },
    },
    async (req) =>
      presentRegistration(
        await admin.reject({
          db,
          id: req.params.user_registration_id,
          version: req.body.version,
          reason: req.body.reason,
          actor: requireActor(req),
        }),
      ),
  );
};
