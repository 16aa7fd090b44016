import { FilePdfOutlined } from '@ant-design/icons';
import { Flex, List } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/layout/document-title';
import { MAIN_CONTENT_ID } from '../../shared/layout/main-content';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { type PublicFileKey, publicFileUrl } from './public-files';

/** A centred public card listing PDF downloads (no sign-in). */
export function PublicDownloads(props: {
  title: string;
  intro: ReactNode;
  files: PublicFileKey[];
  testId: string;
}) {
  const { t } = useTranslation(['publicDocs', 'common']);
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
      <PlainCard className="plain-card--roomy" style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Title level={1} style={{ marginBottom: 4, fontSize: 24 }}>
          {t('common:appName')}
        </Typography.Title>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {props.title}
        </Typography.Title>
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
      </PlainCard>
    </Flex>
  );
}
