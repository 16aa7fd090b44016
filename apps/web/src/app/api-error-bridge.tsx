import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onApiError } from '../shared/api/http';
import {
  ACCESS_DECLINED_PATH,
  clearSession,
  currentPath,
  LOGIN_PATH,
  LOGIN_REASONS,
  type LoginReason,
  loginUrl,
  throttledExpiryAlert,
} from '../shared/auth';

/**
 * What the session layer does with a refused call (000 §4, §8): 401 goes to /login (with redir and
 * the reason; the login page clears the session), 403 shows the access-declined page, 404 stays silent (the
 * caller decides). Calls made with `silent: true` never get here.
 */
export function ApiErrorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    const off = onApiError((status, error) => {
      if (status === 401) {
        // A burst of 401s (several queries at once) produces one redirect and one message.
        throttledExpiryAlert(() => {
          const key = error.body?.msgKey;
          const reason: LoginReason = LOGIN_REASONS.includes(key as LoginReason)
            ? (key as LoginReason)
            : 'msgLoginTimeout';
          // The login page logs the session out when it opens with a reason; clearing it here
          // first would let the login guard redirect without the reason.
          const onLogin = window.location.pathname.toLowerCase() === LOGIN_PATH;
          if (onLogin) clearSession();
          const here = onLogin ? null : currentPath();
          navigate(loginUrl(here, reason), { replace: true });
        });
      } else if (status === 403) {
        navigate(ACCESS_DECLINED_PATH, { state: { from: window.location.pathname } });
      }
    });
    return () => {
      off();
    };
  }, [navigate]);
  return null;
}
