import { ZProfileTypeOptionList } from '@portal/contracts';
import type { ModuleRoutes } from '../../platform/http/types';
import { profileTypeOptions } from './admin.service';

/** Admin calls (000 §7, 001 admin maintenance). */
export const adminRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/admin/getprofileTypeOpts',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['admin'], response: { 200: ZProfileTypeOptionList } },
    },
    () => profileTypeOptions({ db: deps.db }),
  );
};
