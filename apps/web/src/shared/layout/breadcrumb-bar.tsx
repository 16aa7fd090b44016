import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserModules } from '../auth';
import { titlesByUrl, translateMenu } from './menu-model';

/** Area prefixes that say nothing to the user. */
const SKIPPED = new Set(['bms']);

/**
 * The breadcrumb from the path segments (000 §2.2): a segment that is a menu page shows its menu title
 * (and links to it), a known segment its translation (`menu:segment.<segment>`), anything else as is.
 */
export function BreadcrumbBar() {
  const { t, i18n } = useTranslation(['menu', 'common']);
  const { pathname } = useLocation();
  const { data } = useUserModules();
  const titles = useMemo(
    () => titlesByUrl(translateMenu(data?.menu ?? [], (k) => t(k, { ns: 'menu', defaultValue: k }))),
    [data, t],
  );
  const segments = pathname.split('/').filter(Boolean);
  const items = [
    {
      key: '/',
      title: (
        <Link to="/" aria-label={t('common:home')}>
          <HomeOutlined /> {t('common:home')}
        </Link>
      ),
    },
  ];
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
    const title = menuTitle ?? (i18n.exists(key, { ns: 'menu' }) ? t(key, { ns: 'menu' }) : text);
    const last = i === segments.length - 1;
    items.push({
      key: url,
      title: menuTitle && !last ? <Link to={url}>{title}</Link> : <span>{title}</span>,
    });
  });
  return <Breadcrumb items={items} style={{ marginBottom: 12 }} data-testid="breadcrumb" />;
}
