import type { ModuleRoutes } from '../../platform/http/types';

/** Placeholder: filled by the accounts work (issue 3). */
export const mailboxRoutes: ModuleRoutes = async () => {};
