import { SIGNIN_ERROR_TOAST_SECONDS } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SignInNotice = { kind: 'error'; error: unknown } | { kind: 'reason'; msgKey: string };

/**
 * Sign-in feedback, shown above the form: a failure for 30 s (000 §8), a session message (timeout, no
 * profile) until clicked (000 §4). Inline rather than antd's message toasts: /login carries no antd.
 */
export function useSignInFeedback() {
  const [notice, setNotice] = useState<SignInNotice | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const showError = useCallback((error: unknown) => {
    window.clearTimeout(timer.current);
    setNotice({ kind: 'error', error });
    timer.current = window.setTimeout(() => setNotice(null), SIGNIN_ERROR_TOAST_SECONDS * 1000);
  }, []);
  const showReason = useCallback((msgKey: string) => {
    window.clearTimeout(timer.current);
    setNotice({ kind: 'reason', msgKey });
  }, []);
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setNotice(null);
  }, []);
  return { notice, showError, showReason, clear };
}
