import type { FuncId } from '@portal/contracts';
import { lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../shared/auth';

const ForbiddenResult = lazy(() => import('../shared/components/forbidden-result'));

/** Shows the 403 page instead of the screen when the profile lacks the route's function id (000 §6). */
export function FuncGuard({ funcId, children }: { funcId?: FuncId; children: ReactNode }) {
  const { hasFunc } = useSession();
  const { pathname } = useLocation();
  if (funcId && !hasFunc(funcId)) return <ForbiddenResult path={pathname} />;
  return children;
}
