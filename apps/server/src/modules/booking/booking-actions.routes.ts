import type { ModuleRoutes } from '../../platform/http/types';

/** Booking actions, validation, history, related panels, ISF profiles, remarks, VGM, house doc (S2). */
export const bookingActionRoutes: ModuleRoutes = async () => {};
