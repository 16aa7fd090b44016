import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession, useUserModules } from '../../shared/auth';
import { profileTypeText } from '../../shared/auth/profile-label';
import { menuIcon } from '../../shared/layout/menu-icons';
import { type ShownMenuItem, translateMenu } from '../../shared/layout/menu-model';
import { PageHeading } from '../../shared/layout/page-heading';

/** The pages under a menu item (itself when it is a page). */
const pages = (item: ShownMenuItem): ShownMenuItem[] =>
  item.children?.length ? item.children.flatMap(pages) : item.url ? [item] : [];

/** '/' (000 §2.3): a welcome and the user's modules as cards, one per menu group. */
export default function HomePage() {
  const { t } = useTranslation(['common', 'menu', 'auth']);
  const { claims, currentProfile } = useSession();
  const { data, isLoading } = useUserModules();
  const groups = useMemo(
    () =>
      translateMenu(data?.menu ?? [], (k) => t(k, { ns: 'menu', defaultValue: k }))
        .map((g) => ({ group: g, pages: pages(g) }))
        .filter((g) => g.pages.length),
    [data, t],
  );
  return (
    <div data-testid="home-page">
      <PageHeading title={t('home')}>
        {t('homePage.welcome', { name: `${claims?.first_name ?? ''} ${claims?.last_name ?? ''}`.trim() })}
      </PageHeading>
      {currentProfile ? (
        <Typography.Paragraph type="secondary">
          {t('homePage.profile', { profile: profileTypeText(t, currentProfile) })}
        </Typography.Paragraph>
      ) : null}
      {isLoading ? (
        <Skeleton active />
      ) : groups.length === 0 ? (
        <Empty description={t('homePage.noModules')} data-testid="home-empty" />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map(({ group, pages: list }) => (
            <Col key={group.key} xs={24} sm={12} lg={8} xl={6}>
              <Card
                title={
                  <span>
                    {menuIcon(group.icon, true)} {group.title}
                  </span>
                }
                data-testid={`home-module-${group.key}`}
              >
                {list.map((p) => (
                  <div key={p.key} style={{ padding: '4px 0' }}>
                    <Link to={p.url ?? '/'}>
                      <RightOutlined aria-hidden style={{ fontSize: 10 }} /> {p.title}
                    </Link>
                  </div>
                ))}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
