import { PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { TTemplateSummary } from '@portal/contracts';
import { Empty, Flex, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable } from '../../shared/list/static-table';
import { PlainButton } from '../../shared/plain/plain-button';
import { PlainSelect } from '../../shared/plain/plain-select';
import '../../shared/plain/plain.css';
import './template-search-page.css';
import { PlainTabs } from '../../shared/tabs/plain-tabs';
import { type TemplateSearch, useTemplateMutations, useTemplateSearch } from './template-api';
import { useTemplateLabels } from './template-labels';
import { templateDetailsPath } from './template-paths';
import { ReleaseNoteBanners } from './template-release-note';

type Tab = 'mine' | 'market';
type Filters = Omit<TemplateSearch, 'tab'>;

/**
 * /BMS/Setting/TMPLIB/TemplateSearch (002 §2): tabs My Template and Market, favourites first, search by
 * name, tag, category and owner; "Load more" pages by keyset. The tab and filters live in the URL.
 */
export default function TemplateSearchPage() {
  const { t } = useTranslation('template');
  const { message } = useApp();
  const navigate = useNavigate();
  const { hasFunc } = useSession();
  const labels = useTemplateLabels();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'market' ? 'market' : 'mine';
  const filters: Filters = {
    q: params.get('q') ?? undefined,
    tag: params.get('tag') ?? undefined,
    category: params.get('category') ?? undefined,
    owner: params.get('owner') ?? undefined,
  };
  // The typed filters; the URL holds the applied ones (Search applies, Reset clears both).
  const [draft, setDraft] = useState<Filters>(filters);
  const edit = (next: Partial<Filters>) => setDraft((d) => ({ ...d, ...next }));
  const search = useTemplateSearch({ tab, ...filters });
  const { favourite } = useTemplateMutations();
  const rows = search.data?.pages.flatMap((p) => p.rows) ?? [];

  const setUrl = (next: Partial<Filters> & { tab?: Tab }) => {
    const merged = { tab, ...filters, ...next };
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v) p.set(k, String(v));
    setParams(p, { replace: true });
  };
  const toggle = (r: TTemplateSummary) =>
    favourite.mutate(r.tmplib_id, { onError: (e) => message.error(errorText(t, e)) });

  const table = (
    <Flex vertical gap={8}>
      <ReleaseNoteBanners rows={rows.filter((r) => r.has_update)} />
      <StaticTable<TTemplateSummary>
        rowKey="tmplib_id"
        loading={search.isLoading}
        rows={rows}
        pageSize={false}
        data-testid={`template-table-${tab}`}
        empty={<Empty description={t(`empty.${tab}`)} />}
        // A click on the row opens it, as on the lists; the name is the link for the keyboard.
        onRowClick={(r) => navigate(templateDetailsPath(r.tmplib_id))}
        columns={[
          {
            key: 'fav',
            title: <span className="portal-visually-hidden">{t('favourite')}</span>,
            width: 48,
            render: (_, r) => (
              <Tooltip title={r.is_favourite ? t('unfavourite') : t('favourite')}>
                <Button
                  type="text"
                  aria-pressed={r.is_favourite}
                  aria-label={`${t('favourite')}: ${r.name}`}
                  icon={r.is_favourite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
                  onClick={() => toggle(r)}
                  data-testid={`template-fav-${r.tmplib_id}`}
                />
              </Tooltip>
            ),
          },
          {
            key: 'name',
            title: t('field.name'),
            render: (_, r) => (
              <Flex gap={6} align="center" wrap>
                <Tag color={r.colour} style={{ marginInlineEnd: 0 }} aria-hidden>
                  &nbsp;
                </Tag>
                <a
                  href={templateDetailsPath(r.tmplib_id)}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(templateDetailsPath(r.tmplib_id));
                  }}
                  data-testid="template-row-name"
                >
                  {r.name}
                </a>
                {r.is_added && <Tag>{t('added')}</Tag>}
                {r.has_update && <Tag color="gold">{t('updated')}</Tag>}
                {r.status === 'I' && <Tag>{t('inactive')}</Tag>}
              </Flex>
            ),
          },
          { key: 'category', title: t('field.category'), render: (_, r) => labels.category(r.category) },
          {
            key: 'tags',
            title: t('field.tags'),
            render: (_, r) => r.tags.map((g) => <Tag key={g}>{g}</Tag>),
          },
          { key: 'privacy', title: t('field.privacy'), render: (_, r) => t(`privacy.${r.privacy}`) },
          {
            key: 'owner',
            title: t('field.owner'),
            render: (_, r) => `${r.owner_name}${r.owner_office ? ` (${r.owner_office})` : ''}`,
          },
          {
            key: 'updated_at',
            title: t('field.updated_at'),
            render: (_, r) => new Date(r.updated_at).toLocaleDateString(),
          },
        ]}
      />
      {search.hasNextPage && (
        <Button
          onClick={() => void search.fetchNextPage()}
          loading={search.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
          data-testid="template-load-more"
        >
          {t('loadMore')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading data-testid="template-search-title">{t('title')}</PageHeading>
        {hasFunc('tmplib_edit') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(templateDetailsPath('new'))}
            data-testid="template-new"
          >
            {t('newTemplate')}
          </Button>
        )}
      </Flex>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's DOM types yet; the role names the same landmark */}
      <form
        role="search"
        className="template-filters"
        onSubmit={(e) => {
          e.preventDefault();
          const trim = (v?: string) => v?.trim() || undefined;
          setUrl({
            q: trim(draft.q),
            tag: trim(draft.tag),
            category: draft.category,
            owner: trim(draft.owner),
          });
        }}
      >
        <label htmlFor="template-search-q">{t('search.name')}</label>
        <input
          id="template-search-q"
          type="search"
          className="plain-input"
          maxLength={100}
          value={draft.q ?? ''}
          onChange={(e) => edit({ q: e.target.value })}
          data-testid="template-search-name"
        />
        <label htmlFor="template-search-tag">{t('search.tag')}</label>
        <input
          id="template-search-tag"
          type="search"
          className="plain-input"
          maxLength={30}
          style={{ width: 120 }}
          value={draft.tag ?? ''}
          onChange={(e) => edit({ tag: e.target.value })}
        />
        <label htmlFor="template-search-category">{t('search.category')}</label>
        <PlainSelect
          id="template-search-category"
          allowClear
          style={{ width: 200 }}
          value={draft.category}
          onChange={(category) => edit({ category })}
          options={labels.categoryOptions}
        />
        <label htmlFor="template-search-owner">{t('search.owner')}</label>
        <input
          id="template-search-owner"
          type="search"
          className="plain-input"
          maxLength={100}
          style={{ width: 140 }}
          value={draft.owner ?? ''}
          onChange={(e) => edit({ owner: e.target.value })}
        />
        <PlainButton variant="primary" type="submit" data-testid="template-search-submit">
          {t('search.submit')}
        </PlainButton>
        <PlainButton
          type="button"
          onClick={() => {
            const none = { q: undefined, tag: undefined, category: undefined, owner: undefined };
            setDraft(none);
            setUrl(none);
          }}
        >
          {t('search.reset')}
        </PlainButton>
      </form>
      <PlainTabs
        activeKey={tab}
        onChange={(k) => setUrl({ tab: k as Tab })}
        items={[
          { key: 'mine', label: t('tab.mine'), children: tab === 'mine' ? table : null },
          { key: 'market', label: t('tab.market'), children: tab === 'market' ? table : null },
        ]}
        data-testid="template-tabs"
      />
    </Flex>
  );
}
