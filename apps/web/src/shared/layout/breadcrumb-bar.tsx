import { HomeOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserModules } from '../auth';
import { titlesByUrl, translateMenu } from './menu-model';
import { usePageTitle } from './page-title';
import './breadcrumb-bar.css';

/** Area prefixes that say nothing to the user. */
const SKIPPED = new Set(['bms']);

/** The breadcrumb's items after Home: url, shown title and whether it is a menu page (a link). */
function usePathItems(): { url: string; title: string; menu: boolean }[] {
  const { t, i18n } = useTranslation(['menu', 'common']);
  const { pathname } = useLocation();
  const { data } = useUserModules();
  const titles = useMemo(
    () => titlesByUrl(translateMenu(data?.menu ?? [], (k) => t(k, { ns: 'menu', defaultValue: k }))),
    [data, t],
  );
  const heading = usePageTitle(pathname);
  const segments = pathname.split('/').filter(Boolean);
  const items: { url: string; title: string; menu: boolean }[] = [];
  segments.forEach((segment, i) => {
    if (SKIPPED.has(segment.toLowerCase())) return;
    const url = `/${segments.slice(0, i + 1).join('/')}`;
    const menuTitle = titles.get(url.toLowerCase());
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      text = segment;
    }
    const key = `segment.${segment}`;
    const word = i18n.exists(key, { ns: 'menu' }) ? t(key, { ns: 'menu' }) : undefined;
    // A segment no catalogue names is a record's key or a code: the last one reads as the page's heading
    // (the record's number), never as the id in the path (issue 39).
    const last = i === segments.length - 1;
    const title = menuTitle ?? word ?? (last && heading ? heading : text);
    items.push({ url, title, menu: menuTitle !== undefined });
  });
  return items;
}

/**
 * The page's title from its path: the breadcrumb's last item (the menu title of a list, the record's
 * number on a record), Home on /. The shell's fallback h1 and the document title use it.
 */
export function usePathTitle(): string {
  const { t } = useTranslation('common');
  const items = usePathItems();
  return items.length ? items[items.length - 1].title : t('home');
}

/**
 * The breadcrumb from the path segments (000 §2.2): a segment that is a menu page shows its menu title
 * (and links to it), a known segment its translation (`menu:segment.<segment>`), the last one else the page's
 * heading (a record's number), anything else as is.
 */
export function BreadcrumbBar() {
  const { t } = useTranslation(['menu', 'common']);
  const path = usePathItems();
  // An ordered list in a navigation landmark (WAI-ARIA breadcrumb pattern), not antd's Breadcrumb: the shell
  // loads no antd (issue 20). The last item is the current page.
  return (
    <nav aria-label={t('common:breadcrumb')} className="portal-breadcrumb" data-testid="breadcrumb">
      <ol>
        <li>
          <Link to="/" aria-label={t('common:home')}>
            <HomeOutlined /> {t('common:home')}
          </Link>
        </li>
        {path.map((p, i) => {
          const last = i === path.length - 1;
          return (
            <li key={p.url} aria-current={last ? 'page' : undefined}>
              {p.menu && !last ? <Link to={p.url}>{p.title}</Link> : <span>{p.title}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
