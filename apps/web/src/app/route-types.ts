import type { FuncId } from '@portal/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A screen. By default it sits behind the main layout and needs a signed-in user with a profile;
 * `funcId` guards it further (000 §6), none means any signed-in user. `public: true` puts it outside
 * the layout with no sign-in (e.g. /forgotpassword, registration).
 */
export interface AppRoute {
  path: string;
  funcId?: FuncId;
  public?: boolean;
  component: LazyExoticComponent<ComponentType>;
}
