import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { watchForUpdates } from './update-check';

const UpdateNotice = lazy(() => import('./update-notice'));

/**
 * Asks to refresh when a new build of the web app is deployed (000 §2.2). "Later" hides the prompt until
 * another build appears; nothing reloads without the user's confirmation (unsaved input stays). The watch
 * is here, on every page; the prompt's code and texts load only when a build is found.
 */
export function UpdatePrompt() {
  const [buildId, setBuildId] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(
    () =>
      watchForUpdates((id) => {
        // The worker and version.json may both report one build: one prompt per build.
        if (shown.current === id || (shown.current && id === 'worker')) return;
        shown.current = id;
        setBuildId(id);
      }),
    [],
  );
  if (!buildId) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice buildId={buildId} />
    </Suspense>
  );
}
