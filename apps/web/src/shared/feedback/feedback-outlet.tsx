import { lazy, Suspense, useRef, useSyncExternalStore } from 'react';
import { feedbackStore } from './feedback-store';

const FeedbackHost = lazy(() => import('./feedback-host').then((m) => ({ default: m.FeedbackHost })));

const anything = () => {
  const s = feedbackStore.get();
  return s.toasts.length + s.notices.length + s.dialogs.length > 0;
};

/**
 * Where `useApp()`'s toasts, notices and dialogs appear, on every page (mounted once, in the root layout). The
 * host and its styles load with the first of them, so /login does not carry them.
 */
export function FeedbackOutlet() {
  const busy = useSyncExternalStore(feedbackStore.subscribe, anything);
  const loaded = useRef(false);
  if (busy) loaded.current = true;
  if (!loaded.current) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  );
}
