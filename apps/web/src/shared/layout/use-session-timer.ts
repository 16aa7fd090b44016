import { TOKEN_RENEW_WINDOW_SECONDS } from '@portal/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/http';
import {
  currentPath,
  LOGIN_REASONS,
  type LoginReason,
  loginUrl,
  renewToken,
  secondsLeft,
  sessionStore,
  throttledExpiryAlert,
} from '../auth';

/** A failed renewal (server unreachable) is retried after this long, not every second. */
const RENEW_RETRY_MS = 30_000;

/**
 * Keeps the session alive (000 §4): renews the token within 600 s of expiry while a profile is chosen;
 * when the countdown ends with an expired token, logs out and goes to /login with the timeout message.
 * A token renewed in another tab reaches this tab through the store, which resets the countdown.
 */
export function useSessionTimer() {
  const navigate = useNavigate();
  useEffect(() => {
    let renewing = false;
    let lastAttempt = 0;
    const expire = (reason: LoginReason) =>
      throttledExpiryAlert(() => {
        // The login page logs out when it opens with a reason (000 §4 "on load").
        navigate(loginUrl(currentPath(), reason), { replace: true });
      });
    const tick = async () => {
      const { claims } = sessionStore.getSnapshot();
      if (!claims) return;
      const left = secondsLeft(claims);
      if (left <= 0) {
        expire('msgLoginTimeout');
        return;
      }
      if (left > TOKEN_RENEW_WINDOW_SECONDS || claims.profile === null || renewing) return;
      if (Date.now() - lastAttempt < RENEW_RETRY_MS) return;
      renewing = true;
      lastAttempt = Date.now();
      try {
        await renewToken();
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) {
          const key = e.body?.msgKey as LoginReason;
          expire(LOGIN_REASONS.includes(key) ? key : 'msgLoginTimeout');
        }
      } finally {
        renewing = false;
      }
    };
    void tick();
    const id = window.setInterval(() => void tick(), 1000);
    return () => window.clearInterval(id);
  }, [navigate]);
}
