import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/layout/document-title';
import { MAIN_CONTENT_ID } from '../../shared/layout/main-content';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';

/** The centred card the public password pages sit in (like /login). */
export function PublicCard(props: { title: string; children: ReactNode; testId: string }) {
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
      <PlainCard className="plain-card--roomy" style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={1} style={{ marginBottom: 4, fontSize: 24 }}>
          {t('common:appName')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{props.title}</Typography.Paragraph>
        {props.children}
      </PlainCard>
    </Flex>
  );
}
