import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainCard } from '../plain/plain-card';
import { Typography } from '../plain/typography';
import { useDocumentTitle } from './document-title';
import { MAIN_CONTENT_ID } from './main-content';

/**
 * A public page without sign-in (the password pages, the public downloads): the page's main landmark with a
 * centred card headed by the application's name; `title` names the browser tab, the page puts its own
 * heading and content below.
 */
export function PublicFrame(props: { title: string; maxWidth: number; testId: string; children: ReactNode }) {
  const { t } = useTranslation(['common']);
  useDocumentTitle(props.title);
  return (
    <Flex
      component="main"
      id={MAIN_CONTENT_ID}
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16 }}
      data-testid={props.testId}
    >
      <PlainCard className="plain-card--roomy" style={{ width: '100%', maxWidth: props.maxWidth }}>
        <Typography.Title level={1} style={{ marginBottom: 4, fontSize: 24 }}>
          {t('common:appName')}
        </Typography.Title>
        {props.children}
      </PlainCard>
    </Flex>
  );
}
