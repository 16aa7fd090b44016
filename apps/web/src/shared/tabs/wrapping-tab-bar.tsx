import type { TabsProps } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import './wrapping-tab-bar.css';

export interface WrappingTab {
  key: string;
  label: ReactNode;
}

type RenderTabBar = NonNullable<TabsProps['renderTabBar']>;

/**
 * An antd Tabs `renderTabBar` whose tabs wrap onto a second row instead of scrolling out of sight behind an
 * overflow ("more") button: every label stays visible and the tab list holds only tabs (no unlabeled button).
 * Keeps antd's ids (`{id}-tab-{key}` / `{id}-panel-{key}`), the `.ant-tabs-nav` container with
 * `[role="tab"]` items (ctrl+alt+←/→ of the detail shortcuts), and ←/→/Home/End inside the tab list. The
 * Tabs need an `id` so each tab names its panel.
 */
export function wrappingTabBar(tabs: readonly WrappingTab[]): RenderTabBar {
  return (bar) => (
    <WrappingTabBar tabs={tabs} id={bar.id} activeKey={bar.activeKey} onTabClick={bar.onTabClick} />
  );
}

function WrappingTabBar({
  tabs,
  id,
  activeKey,
  onTabClick,
}: {
  tabs: readonly WrappingTab[];
  id: string;
  activeKey: string;
  onTabClick: (key: string, e: MouseEvent | KeyboardEvent) => void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Plain arrows only: ctrl+alt+arrows belong to the detail shortcuts.
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const at = tabs.findIndex((t) => t.key === activeKey);
    const next =
      e.key === 'ArrowRight'
        ? Math.min(tabs.length - 1, at + 1)
        : e.key === 'ArrowLeft'
          ? Math.max(0, at - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0 || next === at) return;
    e.preventDefault();
    onTabClick(tabs[next].key, e);
    document.getElementById(`${id}-tab-${tabs[next].key}`)?.focus();
  };
  return (
    // antd's own tab markup and classes (ant-tabs-nav > ant-tabs-nav-list > ant-tabs-tab > [role=tab]), so the
    // tabs look and are found as before; only the list wraps and there is no operations ("more") button.
    <div className="ant-tabs-nav portal-wrapping-tabs">
      <div className="ant-tabs-nav-list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const active = t.key === activeKey;
          return (
            <div key={t.key} className={active ? 'ant-tabs-tab ant-tabs-tab-active' : 'ant-tabs-tab'}>
              <div
                role="tab"
                className="ant-tabs-tab-btn"
                onClick={(e) => onTabClick(t.key, e)}
                id={`${id}-tab-${t.key}`}
                aria-controls={`${id}-panel-${t.key}`}
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onTabClick(t.key, e);
                  }
                }}
              >
                {t.label}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
