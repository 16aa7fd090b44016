import { FilePdfOutlined } from '@ant-design/icons';
import { Card, Flex, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PublicFileKey, publicFileUrl } from './public-files';

/** A centred public card listing PDF downloads (no sign-in). */
export function PublicDownloads(props: {
  title: string;
  intro: ReactNode;
  files: PublicFileKey[];
  testId: string;
}) {
  const { t } = useTranslation(['publicDocs', 'common']);
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16 }}
      data-testid={props.testId}
    >
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('common:appName')}
        </Typography.Title>
        <Typography.Title level={4}>{props.title}</Typography.Title>
        <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
        <List
          dataSource={props.files}
          renderItem={(key) => (
            <List.Item>
              <a href={publicFileUrl(key)} download data-testid={`public-file-${key}`}>
                <FilePdfOutlined /> {t(`file.${key}`)}
              </a>
            </List.Item>
          )}
        />
        <Link to="/login" data-testid="public-docs-login">
          {t('backToLogin')}
        </Link>
      </Card>
    </Flex>
  );
}
