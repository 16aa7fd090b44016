import { IdcardOutlined, UserAddOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';
import { RegistrationShell } from './registration-shell';

/** /Registration: choose between registering with an existing SIS account or without (000 §2.1). */
export default function RegistrationChoicePage() {
  const { t } = useTranslation('registration');
  const choice = (path: string, icon: React.ReactNode, title: string, hint: string, testId: string) => (
    <Col xs={24} md={12}>
      {/* A link around the card (antd's hoverable Card took only a mouse click): keyboard users reach it too. */}
      <Link to={path} style={{ display: 'block', height: '100%' }}>
        <PlainCard
          className="plain-card--hoverable plain-card--roomy"
          data-testid={testId}
          style={{ height: '100%' }}
        >
          {/* An h2 under the page's h1, sized and spaced like the former h4. */}
          <Typography.Title level={2} style={{ marginTop: '1.33em', fontSize: 20, lineHeight: 1.4 }}>
            {icon} {title}
          </Typography.Title>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </PlainCard>
      </Link>
    </Col>
  );
  return (
    <RegistrationShell title={t('choose.title')} testId="registration-choice">
      <Typography.Paragraph>{t('choose.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {choice(
          '/RegistrationWithSIS',
          <IdcardOutlined />,
          t('choose.withSis'),
          t('choose.withSisHint'),
          'choose-with-sis',
        )}
        {choice(
          '/RegistrationWithoutSIS',
          <UserAddOutlined />,
          t('choose.withoutSis'),
          t('choose.withoutSisHint'),
          'choose-without-sis',
        )}
      </Row>
    </RegistrationShell>
  );
}
