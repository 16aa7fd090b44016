import type { ModuleRoutes } from '../../platform/http/types';

export const carrierRoutes: ModuleRoutes = async () => {};
