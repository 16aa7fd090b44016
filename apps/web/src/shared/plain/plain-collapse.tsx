import { type Key, type ReactNode, useId, useState } from 'react';
import './plain-collapse.css';

export interface PlainCollapseItem {
  key: Key;
  label: ReactNode;
  /** Shown at the header's end (a tag), outside the toggle button. */
  extra?: ReactNode;
  /** The panel's element id (an in-page link's target, e.g. a summary's anchor). */
  id?: string;
  children: ReactNode;
}

/**
 * Collapsible panels without antd's Collapse (issue 20), in its small bordered look: each header is a button
 * (aria-expanded, aria-controls) and each body a labelled region. A closed panel's body stays rendered but
 * hidden, so the form fields inside keep their values and validate (antd's `forceRender`). The detail
 * shortcuts (ctrl+alt+up/down) move between the headers (`.plain-collapse-header`).
 */
export function PlainCollapse({
  items,
  defaultOpen,
  open: openKeys,
  onOpenChange,
  'data-testid': testId,
}: {
  items: readonly PlainCollapseItem[];
  /** The keys open at first (default: every panel). */
  defaultOpen?: readonly Key[];
  /** Controlled: the open keys (the owner opens a panel from elsewhere, e.g. a summary's link). */
  open?: ReadonlySet<Key>;
  onOpenChange?: (open: ReadonlySet<Key>) => void;
  'data-testid'?: string;
}) {
  const id = useId();
  const [own, setOwn] = useState<ReadonlySet<Key>>(() => new Set(defaultOpen ?? items.map((i) => i.key)));
  const open = openKeys ?? own;
  const toggle = (key: Key) => {
    const next = new Set(open);
    if (!next.delete(key)) next.add(key);
    if (!openKeys) setOwn(next);
    onOpenChange?.(next);
  };
  return (
    <div className="plain-collapse" data-testid={testId}>
      {items.map((item) => {
        const isOpen = open.has(item.key);
        const headId = `${id}-${String(item.key)}-h`;
        const bodyId = `${id}-${String(item.key)}-b`;
        return (
          <div
            key={item.key}
            id={item.id}
            className={isOpen ? 'plain-collapse-item plain-collapse-item--open' : 'plain-collapse-item'}
          >
            <div className="plain-collapse-head">
              <button
                type="button"
                id={headId}
                className="plain-collapse-header"
                aria-expanded={isOpen}
                aria-controls={bodyId}
                onClick={() => toggle(item.key)}
              >
                <span className="plain-collapse-arrow" aria-hidden="true" />
                {item.label}
              </button>
              {item.extra ? <span className="plain-collapse-extra">{item.extra}</span> : null}
            </div>
            <section id={bodyId} aria-labelledby={headId} className="plain-collapse-body" hidden={!isOpen}>
              {item.children}
            </section>
          </div>
        );
      })}
    </div>
  );
}
