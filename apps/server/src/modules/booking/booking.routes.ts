import type { ModuleRoutes } from '../../platform/http/types';

/** Shipping orders: create, read, update, lists, dashboard, export (S1). */
export const bookingRoutes: ModuleRoutes = async () => {};
