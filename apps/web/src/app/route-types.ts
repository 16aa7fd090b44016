import type { FuncId } from '@portal/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A screen behind the main layout. `funcId` guards it (000 §6); none means any signed-in user. */
export interface AppRoute {
  path: string;
  funcId?: FuncId;
  component: LazyExoticComponent<ComponentType>;
}
