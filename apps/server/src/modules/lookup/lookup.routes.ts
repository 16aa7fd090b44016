import type { ModuleRoutes } from '../../platform/http/types';

export const lookupRoutes: ModuleRoutes = async () => {};
