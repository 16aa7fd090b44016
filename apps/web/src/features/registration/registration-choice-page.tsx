import { IdcardOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RegistrationShell } from './registration-shell';

/** /Registration: choose between registering with an existing SIS account or without (000 §2.1). */
export default function RegistrationChoicePage() {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const choice = (path: string, icon: React.ReactNode, title: string, hint: string, testId: string) => (
    <Col xs={24} md={12}>
      <Card hoverable onClick={() => navigate(path)} data-testid={testId} style={{ height: '100%' }}>
        <Typography.Title level={4}>
          {icon} {title}
        </Typography.Title>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Card>
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
