import { RightOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession, useUserModules } from '../../shared/auth';
import { profileTypeText } from '../../shared/auth/profile-label';
import { PageLoading } from '../../shared/components/page-loading';
import { menuIcon } from '../../shared/layout/menu-icons';
import { translateMenu } from '../../shared/layout/menu-model';
import { PageHeading } from '../../shared/layout/page-heading';
import { moduleCards } from './home-model';
import './home-page.css';

/**
 * '/' (000 §2.3): a welcome and the user's modules as cards, one per menu group. Plain elements (a grid of
 * sections, each named by its h2), no antd Card/Grid/Typography: the first screen after sign-in stays light
 * (issue 20's route budget).
 */
export default function HomePage() {
  const { t } = useTranslation(['common', 'menu', 'auth']);
  const { claims, currentProfile } = useSession();
  const { data, isLoading } = useUserModules();
  const groups = useMemo(
    () => moduleCards(translateMenu(data?.menu ?? [], (k) => t(k, { ns: 'menu', defaultValue: k }))),
    [data, t],
  );
  return (
    <div data-testid="home-page">
      <PageHeading title={t('home')}>
        {t('homePage.welcome', { name: `${claims?.first_name ?? ''} ${claims?.last_name ?? ''}`.trim() })}
      </PageHeading>
      {currentProfile ? (
        <p className="home-profile">
          {t('homePage.profile', { profile: profileTypeText(t, currentProfile) })}
        </p>
      ) : null}
      {isLoading ? (
        <PageLoading />
      ) : groups.length === 0 ? (
        <p className="home-empty" data-testid="home-empty">
          {t('homePage.noModules')}
        </p>
      ) : (
        <div className="home-modules">
          {groups.map(({ group, pages: list }) => (
            <section
              key={group.key}
              className="home-module"
              aria-labelledby={`home-module-title-${group.key}`}
              data-testid={`home-module-${group.key}`}
            >
              <h2 className="home-module-title" id={`home-module-title-${group.key}`}>
                {menuIcon(group.icon, true)} {group.title}
              </h2>
              <ul className="home-module-pages">
                {list.map((p) => (
                  <li key={p.key}>
                    <Link to={p.url ?? '/'}>
                      <RightOutlined aria-hidden style={{ fontSize: 10 }} /> {p.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
