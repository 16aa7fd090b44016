import { carrierRoutes } from '../features/carrier/routes';
import type { AppRoute } from './route-types';

/** Every feature's protected screens. A new module adds its `routes.tsx` here. */
export const featureRoutes: AppRoute[] = [...carrierRoutes];
