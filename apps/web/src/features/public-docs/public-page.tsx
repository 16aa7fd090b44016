import { FilePdfOutlined } from '@ant-design/icons';
import { List } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicFrame } from '../../shared/layout/public-frame';
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
  return (
    <PublicFrame title={props.title} maxWidth={560} testId={props.testId}>
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
    </PublicFrame>
  );
}
