import { Flex, Result, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { PlainCard } from '../../shared/plain/plain-card';
import { useTemplateMutations } from './template-api';
import { TEMPLATE_SEARCH_PATH, templateDetailsPath } from './template-paths';

/**
 * /TMPLIB/AddTemplate/{share_code} (000 §2.3): accepts a shared template into My Template after the user
 * confirms. A private template, an inactive one or an unknown code shows why and adds nothing.
 */
export default function AddTemplatePage() {
  const { share_code = '' } = useParams();
  const { t } = useTranslation('template');
  const { message } = useApp();
  const navigate = useNavigate();
  const { addByCode } = useTemplateMutations();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () =>
    addByCode.mutate(share_code, {
      onSuccess: (tpl) => {
        message.success(t('addedToMine', { name: tpl.name }));
        navigate(templateDetailsPath(tpl.tmplib_id), { replace: true });
      },
      onError: (e) => setFailure(errorText(t, e)),
    });

  return (
    <Flex vertical gap={12}>
      <PageHeading data-testid="template-add-title">{t('add.title')}</PageHeading>
      {failure ? (
        <Result
          status="warning"
          title={t('add.failed')}
          subTitle={<span data-testid="template-add-error">{failure}</span>}
          extra={<Button onClick={() => navigate(TEMPLATE_SEARCH_PATH)}>{t('title')}</Button>}
        />
      ) : (
        <PlainCard className="plain-card--roomy" style={{ maxWidth: 560 }}>
          <p>{t('add.intro', { code: share_code })}</p>
          <Space>
            <Button
              type="primary"
              onClick={confirm}
              loading={addByCode.isPending}
              autoFocus
              data-testid="template-add-confirm"
            >
              {t('add.confirm')}
            </Button>
            <Button onClick={() => navigate(TEMPLATE_SEARCH_PATH)}>{t('cancel')}</Button>
          </Space>
        </PlainCard>
      )}
    </Flex>
  );
}
