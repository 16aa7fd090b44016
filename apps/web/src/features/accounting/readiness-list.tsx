import type { TReadiness } from '@portal/contracts';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { msgText } from '../../shared/i18n/error-text';
import { Typography } from '../../shared/plain/typography';

/** "Ready" or "Not ready (n)" (the posting list's readiness column). */
export function ReadinessTag({ readiness }: { readiness: TReadiness }) {
  const { t } = useTranslation('accounting');
  return readiness.ready ? (
    <Tag color="green" data-testid={`readiness-${readiness.inv_id}`}>
      {t('ready')}
    </Tag>
  ) : (
    <Tag color="red" data-testid={`readiness-${readiness.inv_id}`}>
      {t('notReady', { count: readiness.issues.length })}
    </Tag>
  );
}

/**
 * The readiness checklist: each missing or inconsistent item in words (its message key and parameters) with
 * a link to where it is fixed (party screen, charge code, exchange rates, import document, period close).
 */
export function ReadinessList({ readiness }: { readiness: TReadiness }) {
  // The items' texts are msg keys shown as the list paints.
  const { t } = useTranslation(['accounting', 'msg']);
  if (readiness.ready)
    return (
      <Typography.Text type="success" data-testid="readiness-ok">
        {t('readyText')}
      </Typography.Text>
    );
  return (
    <Flex vertical gap={4} data-testid="readiness-issues">
      {readiness.issues.map((i) => (
        <Flex
          key={`${i.item}-${JSON.stringify(i.params ?? {})}`}
          gap={8}
          align="baseline"
          data-testid={`readiness-issue-${i.item}`}
        >
          <Typography.Text type="danger">
            {msgText(t, i.msgKey, i.params) ?? t(`item.${i.item}`)}
          </Typography.Text>
          {i.fix_path && (
            <Link to={i.fix_path} data-testid={`readiness-fix-${i.item}`}>
              {t('fix')}
            </Link>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
