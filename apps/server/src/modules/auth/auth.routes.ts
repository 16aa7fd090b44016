import {
  ZChangePasswordRequest,
  ZChangeUserParams,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZPasswordConfigResponse,
  ZProfileIdParams,
  ZRenewTokenResponse,
  ZResetPasswordQuery,
  ZResetPasswordRequest,
  ZSuccess,
  ZUpdateUserSettingsRequest,
  ZUserModuleListResponse,
  ZUserProfileResponse,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/access/access';
import { hiddenMenuKeys } from '../../platform/http/feature-flags';
import type { ModuleRoutes } from '../../platform/http/types';
import { changeUser, login, logout, renewToken, switchProfile } from './auth.service';
import { userModuleList } from './menu.service';
import {
  changePassword,
  forgotPassword,
  passwordConfig,
  resetPassword,
  validateResetLink,
} from './password.service';
import type { ClientInfo } from './session.service';
import { getUserProfile, updateUserSettings } from './user-settings.service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Sign-in, session, profile choice, Change User, menu and the user's own settings (000 §3, §4, §7). */
export const authRoutes: ModuleRoutes = async (app, deps) => {
  const tags = ['auth'];

  app.post(
    '/Auth/login',
    {
      config: { access: 'public', credentialLimit: { loginId: 'username' } },
      schema: { tags, security: [], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    (request) => login({ deps, input: request.body, client: clientOf(request), log: request.log }),
  );

  app.post(
    '/Auth/renewtoken',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: ZRenewTokenResponse } } },
    (request) => renewToken({ deps, actor: requireActor(request) }),
  );

  app.post(
    '/Auth/renewtoken/:profileId',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: ZProfileIdParams, response: { 200: ZRenewTokenResponse } },
    },
    (request) =>
      switchProfile({
        deps,
        actor: requireActor(request),
        profileId: request.params.profileId,
        log: request.log,
      }),
  );

  app.post(
    '/Auth/ChangeUser/:id',
    {
      config: { access: 'profile' },
      schema: { tags, params: ZChangeUserParams, response: { 200: ZLoginResponse } },
    },
    (request) =>
      changeUser({
        deps,
        actor: requireActor(request),
        id: request.params.id,
        client: clientOf(request),
        log: request.log,
      }),
  );

  app.post(
    '/Auth/logout',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: ZSuccess } } },
    (request) => logout({ deps, actor: requireActor(request), log: request.log }),
  );

  app.post(
    '/Password/changepassword',
    {
      config: { access: 'authenticated', credentialLimit: {} },
      schema: { tags, body: ZChangePasswordRequest, response: { 200: ZSuccess } },
    },
    (request) =>
      changePassword({
        db: deps.db,
        actor: requireActor(request),
        input: request.body,
        log: request.log,
        strong: deps.config.password.strong,
      }),
  );

  app.get(
    '/Password/getPasswordConfig',
    {
      config: { access: 'public' },
      schema: { tags, security: [], response: { 200: ZPasswordConfigResponse } },
    },
    () => passwordConfig(deps),
  );

  app.post(
    '/Password/forgotpassword',
    {
      config: { access: 'public', credentialLimit: { loginId: 'userName' } },
      schema: { tags, security: [], body: ZForgotPasswordRequest, response: { 200: ZSuccess } },
    },
    (request) => forgotPassword({ deps, input: request.body, log: request.log }),
  );

  app.get(
    '/password/resetpassword',
    {
      config: { access: 'public', credentialLimit: { loginId: ['loginid', 'loginID'] } },
      schema: { tags, security: [], querystring: ZResetPasswordQuery, response: { 200: ZSuccess } },
    },
    (request) => validateResetLink(deps, request.query),
  );

  app.post(
    '/Password/resetpassword',
    {
      config: { access: 'public', credentialLimit: { loginId: 'loginID' } },
      schema: { tags, security: [], body: ZResetPasswordRequest, response: { 200: ZSuccess } },
    },
    (request) => resetPassword({ deps, input: request.body, log: request.log }),
  );

  app.get(
    '/Users/UserModuleList',
    { config: { access: 'profile' }, schema: { tags, response: { 200: ZUserModuleListResponse } } },
    (request) =>
      userModuleList({ db: deps.db, actor: requireActor(request), hidden: hiddenMenuKeys(deps.config) }),
  );

  app.get(
    '/Users/GetUserProfile',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: ZUserProfileResponse } } },
    (request) => getUserProfile({ db: deps.db, actor: requireActor(request) }),
  );

  app.post(
    '/Users/UpdateUserSettings',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: ZUpdateUserSettingsRequest, response: { 200: ZUserProfileResponse } },
    },
    (request) => updateUserSettings({ db: deps.db, actor: requireActor(request), input: request.body }),
  );
};
