import { PDF_FILE_RESPONSE, ZPublicFileParams } from '@portal/contracts';
import { notFound } from '../../platform/errors/app-error';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import type { ModuleRoutes } from '../../platform/http/types';
import { readPublicFile } from './public-files';

/** Public documents (000 §7 GET /File/DownloadPublicFile/{filename}): no sign-in, a whitelist of PDFs. */
export const publicFileRoutes: ModuleRoutes = (app) => {
  app.get(
    '/File/DownloadPublicFile/:filename',
    {
      config: { access: 'public' },
      schema: { tags: ['public-file'], params: ZPublicFileParams, response: { 200: PDF_FILE_RESPONSE } },
    },
    async (req, reply) => {
      const file = await readPublicFile(req.params.filename);
      if (!file) throw notFound();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.bytes.length)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(file.bytes);
    },
  );
};
