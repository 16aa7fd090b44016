import { ReloadOutlined } from '@ant-design/icons';
import type { TLiveDocumentKind } from '@portal/contracts';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { MsgText } from '../../shared/i18n/msg-text';
import { PlainAlert } from '../../shared/plain/plain-alert';

export interface LiveDocumentOptions {
  /** The open document: its kind and number as the notification catalogue names it (SO#, plan no., invoice id). */
  kind: TLiveDocumentKind;
  /** Null while nothing saved is open (a new record): nothing is watched. */
  docCode: string | null | undefined;
  /** True while the form holds unsaved input: then the input stays and the page says the record is stale. */
  isDirty: () => boolean;
  /** Called instead of re-reading when the form has unsaved input (a page with its own notice sets it here). */
  onStale?: () => void;
}

/** Every cached query about the document: its key names the number (['booking', 'one', SO#], [..., id, 'history']). */
const aboutDoc = (docCode: string) => (q: Query) => q.queryKey.some((k) => String(k) === docCode);

/**
 * Documents that update themselves (issue 39, docs/notifications.md "Live documents"): while a saved document is
 * open, the notification socket watches it (the server decides whether this user may see it), and each event
 * about it, by whoever and to whomever it was sent, re-reads every query of the document, so its status, buttons
 * and history move without a reload. A form with unsaved input is never overwritten: `stale` turns true (or
 * `onStale` is called) and the page shows the "record not latest" notice with Reload. After the socket was down
 * the page re-reads once (unless it has unsaved input), since events may have been missed.
 */
export function useLiveDocument({ kind, docCode, isDirty, onStale }: LiveDocumentOptions) {
  const qc = useQueryClient();
  const [stale, setStale] = useState(false);
  const latest = useRef({ isDirty, onStale });
  latest.current = { isDirty, onStale };

  const reread = useCallback(() => {
    if (docCode) void qc.invalidateQueries({ predicate: aboutDoc(docCode) });
  }, [qc, docCode]);

  useEffect(() => {
    if (!docCode) return;
    let stop: (() => void) | undefined;
    let gone = false;
    // The socket's code is the bell's chunk, loaded with the header: never pulled into a page's own chunk.
    void import('./notification-socket').then(({ notificationSocket }) => {
      if (gone) return;
      notificationSocket.start();
      stop = notificationSocket.watchDocument(kind, docCode, (eventCode) => {
        const { isDirty: dirty, onStale: stale } = latest.current;
        if (!dirty()) {
          void qc.invalidateQueries({ predicate: aboutDoc(docCode) });
          return;
        }
        // A catch-up after a lost connection does not know of a change: say nothing over unsaved input.
        if (eventCode === null) return;
        if (stale) stale();
        else setStale(true);
      });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [kind, docCode, qc]);

  /** Reload from the notice: the latest version replaces the input. */
  const reload = useCallback(() => {
    setStale(false);
    reread();
  }, [reread]);

  return { stale, reload, dismiss: () => setStale(false) };
}

/** The "record not latest" notice of a live document with unsaved input (msgRecordNotLatest), and Reload. */
export function LiveStaleNotice({
  stale,
  onReload,
  testId = 'live-stale',
}: {
  stale: boolean;
  onReload: () => void;
  testId?: string;
}) {
  if (!stale) return null;
  return (
    <Suspense fallback={null}>
      <Notice onReload={onReload} testId={testId} />
    </Suspense>
  );
}

function Notice({ onReload, testId }: { onReload: () => void; testId: string }) {
  const { t } = useTranslation('notification');
  return (
    <PlainAlert
      type="warning"
      data-testid={testId}
      title={<MsgText msgKey="msgRecordNotLatest" />}
      description={t('live.staleBody')}
      action={
        <Button icon={<ReloadOutlined />} onClick={onReload} data-testid={`${testId}-reload`}>
          {t('live.reload')}
        </Button>
      }
    />
  );
}
