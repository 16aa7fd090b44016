import { type KeyboardEvent, type ReactNode, startTransition, useEffect, useId, useState } from 'react';
import './plain-tabs.css';

export interface PlainTabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /**
   * Rendered (hidden) before its first visit: form fields that must exist to be checked and saved. Such a panel
   * that is not the open one mounts right after the first paint, in a transition, so the open panel shows
   * (and its data loads) without waiting for every form tab to render.
   */
  forceRender?: boolean;
}

/**
 * Tabs (WAI-ARIA tabs pattern; issue 20: without antd's Tabs). The tab list wraps onto further rows instead
 * of hiding tabs behind a "more" button. Left/Right/Home/End move to a tab and open it (ctrl+alt+arrows
 * belong to the detail shortcuts). A panel is rendered on its first visit (or just after the first paint with
 * `forceRender`) and kept, hidden, afterwards, so what was typed in it stays.
 */
export function PlainTabs({
  id,
  items,
  activeKey,
  onChange,
  'data-testid': testId,
}: {
  /** Prefix of the tab and panel ids (`{id}-tab-{key}`, `{id}-panel-{key}`). */
  id?: string;
  items: readonly PlainTabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  'data-testid'?: string;
}) {
  const auto = useId();
  const base = id ?? auto;
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));
  // The hidden form panels mount after the first commit, as a low-priority render the open panel does not wait
  // for (a booking's 4 form tabs took most of its first render: tens of seconds on a starved CPU).
  const [warm, setWarm] = useState(false);
  const hasHiddenForms = items.some((t) => t.forceRender && t.key !== activeKey);
  useEffect(() => {
    if (warm || !hasHiddenForms) return;
    const timer = setTimeout(() => startTransition(() => setWarm(true)), 0);
    return () => clearTimeout(timer);
  }, [warm, hasHiddenForms]);
  const open = (key: string) => {
    if (key !== activeKey) onChange(key);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const at = items.findIndex((t) => t.key === activeKey);
    const last = items.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? Math.min(last, at + 1)
        : e.key === 'ArrowLeft'
          ? Math.max(0, at - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0 || next === at) return;
    e.preventDefault();
    open(items[next].key);
    document.getElementById(`${base}-tab-${items[next].key}`)?.focus();
  };
  return (
    <div className="portal-tabs" data-testid={testId}>
      <div className="portal-tabs-nav" role="tablist" onKeyDown={onKeyDown}>
        {items.map((t) => {
          const active = t.key === activeKey;
          return (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`${base}-tab-${t.key}`}
              aria-controls={`${base}-panel-${t.key}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              className={active ? 'portal-tab portal-tab--active' : 'portal-tab'}
              onClick={() => open(t.key)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {items.map((t) =>
        t.key === activeKey || (t.forceRender && warm) || visited.has(t.key) ? (
          <div
            key={t.key}
            role="tabpanel"
            id={`${base}-panel-${t.key}`}
            aria-labelledby={`${base}-tab-${t.key}`}
            hidden={t.key !== activeKey}
            className="portal-tabs-panel"
          >
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
