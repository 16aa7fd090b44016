import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

const page = () => import('./period-close-page');

/** Period close screens (002 §2 InvoiceClose [inv_closing], InvoiceGenericClose [inv_generic_closing]). */
export const periodRoutes: AppRoute[] = [
  {
    path: '/INV/InvoiceClose',
    funcId: 'inv_closing',
    component: lazy(() => page().then((m) => ({ default: m.InvoiceClosePage }))),
  },
  {
    path: '/INV/InvoiceGenericClose',
    funcId: 'inv_generic_closing',
    component: lazy(() => page().then((m) => ({ default: m.InvoiceGenericClosePage }))),
  },
];
