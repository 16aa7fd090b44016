import { useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { useApp } from '../feedback';

export interface UnsavedChangesGuardProps {
  /** Read at the moment of leaving, so a save that just finished is not asked about. */
  isDirty: () => boolean;
}

function RouterBlocker({ isDirty }: UnsavedChangesGuardProps) {
  const { t } = useTranslation('list');
  const { modal } = useApp();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  // Only leaving the screen asks; changing its query string (a tab, a filter) does not.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && dirty.current(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('unsavedTitle'),
      content: t('unsavedBody'),
      okText: t('unsavedLeave'),
      okButtonProps: { danger: true, 'data-testid': 'unsaved-leave' },
      cancelText: t('unsavedStay'),
      cancelButtonProps: { 'data-testid': 'unsaved-stay' },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  return null;
}

/**
 * Confirms before leaving a form with unsaved changes: in-app navigation (needs a data router) and
 * closing or reloading the tab (the browser's own prompt).
 */
export function UnsavedChangesGuard({ isDirty }: UnsavedChangesGuardProps) {
  const hasDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current()) return;
      e.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return hasDataRouter ? <RouterBlocker isDirty={isDirty} /> : null;
}
