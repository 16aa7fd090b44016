import { ZSearchDocumentsQuery, ZSearchDocumentsResponse } from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { searchDocuments } from './search.service';

/**
 * GET /Search/documents: the header's global search over the document-number index. Open to any signed-in
 * profile; what it finds is limited by the functions the profile holds and, for external profiles, by party.
 */
export const searchRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Search/documents',
    {
      config: { access: 'profile' },
      schema: {
        tags: ['search'],
        summary: 'Find documents by a prefix of any of their numbers',
        description:
          'Prefix match on SO#, job#, HBL#, PO#, master SO#, container#, carrier booking no., party code and ' +
          'name (and the numbers other modules register), case-insensitive, spaces and dashes ignored. Only ' +
          'kinds the profile holds a function for; external profiles find only documents of their own parties.',
        querystring: ZSearchDocumentsQuery,
        response: { 200: ZSearchDocumentsResponse },
      },
    },
    async (req) => searchDocuments(db, requireActor(req), req.query),
  );
};
