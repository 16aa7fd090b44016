import { useQuery } from '@tanstack/react-query';
import { fetchUserModules } from './session-actions';
import { useSessionSnapshot } from './use-session';

/** The menu and modules of the current profile (GET /Users/UserModuleList), refetched on profile change. */
export function useUserModules() {
  const { claims } = useSessionSnapshot();
  return useQuery({
    queryKey: ['userModuleList', claims?.sub, claims?.profile],
    queryFn: fetchUserModules,
    enabled: claims?.profile != null,
    staleTime: 5 * 60_000,
  });
}
