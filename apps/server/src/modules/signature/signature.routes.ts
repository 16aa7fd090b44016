import { ZSignature, ZSignatureUpload } from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { signatureService } from './signature.service';

const tags = ['signature'];
// The caller's own signature only (like preferences): any signed-in user with a profile; nobody can read or
// set another user's signature through the API (accounting print reads them server-side).
const own = { access: 'profile' } as const;

/** E-signature on the user profile (issue 14): draw/upload, read, clear. */
export const signatureRoutes: ModuleRoutes = (app, { db, config }) => {
  app.get('/Users/Signature', { config: own, schema: { tags, response: { 200: ZSignature } } }, async (req) =>
    signatureService.own(db, requireActor(req)),
  );

  app.put(
    '/Users/Signature',
    { config: own, schema: { tags, body: ZSignatureUpload, response: { 200: ZSignature } } },
    async (req) => signatureService.save(db, requireActor(req), req.body.image, config.files.clamd),
  );

  app.delete(
    '/Users/Signature',
    { config: own, schema: { tags, response: { 200: ZSignature } } },
    async (req) => signatureService.clear(db, requireActor(req)),
  );
};
