import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/button';
import { LinkButton } from '../../shared/components/link-button';
import { useDocumentTitle } from '../../shared/layout/document-title';
import { MAIN_CONTENT_ID } from '../../shared/layout/main-content';
import { FormSteps } from '../../shared/plain/form-steps';
import { PlainCard } from '../../shared/plain/plain-card';
import { Typography } from '../../shared/plain/typography';

const TermsOfUseModal = lazy(() => import('../../shared/components/terms-of-use-modal'));

/** The public frame of the registration pages: title, steps, content, Back button and Terms of Use. */
export function RegistrationShell({
  title,
  steps,
  current,
  children,
  testId,
}: {
  title: string;
  steps?: string[];
  current?: number;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const [termsOpen, setTermsOpen] = useState(false);
  useDocumentTitle(title);
  return (
    <Flex
      component="main"
      id={MAIN_CONTENT_ID}
      vertical
      align="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: 'linear-gradient(160deg, #0f2a4d 0%, #1f5fa8 100%)',
      }}
    >
      <PlainCard
        className="plain-card--roomy"
        style={{ width: '100%', maxWidth: 860, marginTop: 24 }}
        data-testid={testId}
      >
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {title}
        </Typography.Title>
        {steps ? (
          <FormSteps
            current={current}
            items={steps}
            style={{ marginBottom: 24 }}
            data-testid="registration-steps"
          />
        ) : null}
        {children}
        <Flex justify="space-between" style={{ marginTop: 16 }} wrap gap={8}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="registration-back">
            {t('back')}
          </Button>
          <LinkButton onClick={() => setTermsOpen(true)} data-testid="registration-terms">
            {t('terms')}
          </LinkButton>
        </Flex>
      </PlainCard>
      {termsOpen ? (
        <Suspense fallback={null}>
          <TermsOfUseModal open onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}

/** "Pressing Sign up means you accept the Terms of Use" under a Sign up button (000 §5). */
export function TermsNote({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('registration');
  return (
    <Typography.Text type="secondary">
      {t('termsNote')} <LinkButton onClick={onOpen}>{t('terms')}</LinkButton>
    </Typography.Text>
  );
}
