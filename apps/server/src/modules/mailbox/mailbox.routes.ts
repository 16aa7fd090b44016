import {
  MSG,
  STORED_FILE_RESPONSE,
  ZDevMailboxMessage,
  ZDevMailboxResponse,
  ZMailAttachmentParams,
  ZMailIdParams,
} from '@portal/contracts';
import { notFound } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { configureMailDelivery } from '../../platform/mail/mail-delivery';
import { listDevMailbox, mailAttachment, retryMail } from './mailbox.service';

const admin = { access: { funcId: 'admin' } } as const;

/**
 * Mail delivery set-up and the admin-only dev mailbox (GET /Admin/DevMailbox): the outbox newest first
 * with the links of each message, and a retry for a message that gave up.
 */
export const mailboxRoutes: ModuleRoutes = async (app, deps) => {
  const closeMail = configureMailDelivery(deps.config.mail);
  // Its pooled SMTP connections close with the app (a test's app, a stopping instance).
  app.addHook('onClose', async () => closeMail());
  const tags = ['mailbox'];

  app.get(
    '/Admin/DevMailbox',
    { config: admin, schema: { tags, response: { 200: ZDevMailboxResponse } } },
    () => listDevMailbox(deps),
  );

  app.get(
    '/Admin/DevMailbox/:id/attachments/:attachment_id',
    {
      config: admin,
      schema: { tags, params: ZMailAttachmentParams, response: { 200: STORED_FILE_RESPONSE } },
    },
    async (request, reply) => {
      const file = await mailAttachment(deps, request.params.id, request.params.attachment_id);
      if (!file) throw notFound(MSG.noRecordFound);
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `attachment; filename="${file.file_name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  app.post(
    '/Admin/DevMailbox/:id/retry',
    { config: admin, schema: { tags, params: ZMailIdParams, response: { 200: ZDevMailboxMessage } } },
    async (request) => {
      const row = await retryMail(deps, request.params.id);
      if (!row) throw notFound(MSG.noRecordFound);
      return row;
    },
  );
};
