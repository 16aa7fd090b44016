import { DeleteOutlined, EyeOutlined, SaveOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { TUserPreference } from '@portal/contracts';
import { Empty, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { Typography } from '../plain/typography';

/**
 * The Views popover's content: the saved views (favourite star, apply, delete with confirmation) and "Save
 * current view". Loaded when the Views button is first pointed at, focused or pressed (issue 20: route weight).
 */
export default function ViewsPanel({
  views,
  loadError,
  onFavourite,
  onApply,
  onDelete,
  onSave,
}: {
  views: TUserPreference[] | undefined;
  loadError: boolean;
  onFavourite: (p: TUserPreference) => void;
  onApply: (p: TUserPreference) => void;
  onDelete: (p: TUserPreference) => void;
  onSave: () => void;
}) {
  const { t } = useTranslation('list');
  return (
    <Flex vertical gap={8} style={{ minWidth: 280 }} data-testid="views-panel">
      {loadError && <Typography.Text type="danger">{t('views.loadError')}</Typography.Text>}
      {views?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('views.none')} />}
      {views?.map((p) => {
        const name = p.preference_name ?? '';
        return (
          <Flex key={p.preference_id} align="center" gap={4} data-testid="view-item">
            <Button
              type="text"
              size="small"
              aria-label={t(p.isFavourite ? 'views.unmarkFavourite' : 'views.markFavourite', { name })}
              icon={p.isFavourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => onFavourite(p)}
              data-testid={`view-favourite-${p.preference_id}`}
            />
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              style={{ flex: 1, justifyContent: 'flex-start' }}
              onClick={() => onApply(p)}
              data-testid={`view-apply-${p.preference_id}`}
            >
              {name}
            </Button>
            <Popconfirm
              title={t('views.deleteConfirm', { name })}
              okText={t('views.delete')}
              cancelText={t('views.cancel')}
              onConfirm={() => onDelete(p)}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('views.delete')}
                data-testid={`view-delete-${p.preference_id}`}
              />
            </Popconfirm>
          </Flex>
        );
      })}
      <Button icon={<SaveOutlined />} onClick={onSave} data-testid="view-save">
        {t('views.save')}
      </Button>
    </Flex>
  );
}
