import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The centred card the public password pages sit in (like /login). */
export function PublicCard(props: { title: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation(['common']);
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16 }}
      data-testid={props.testId}
    >
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('common:appName')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{props.title}</Typography.Paragraph>
        {props.children}
      </Card>
    </Flex>
  );
}
