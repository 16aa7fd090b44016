import { CloseOutlined } from '@ant-design/icons';
import { RW_LIMITS } from '@portal/contracts';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isEmail } from './report-model';

/**
 * The schedule's recipients, typed and confirmed with Enter, a comma or a space; an address that is not an
 * e-mail shows red at once. antd's tags Select, loaded with this module after the builder's first paint.
 */
export default function RecipientsField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('report-writer');
  return (
    <Select
      id={id}
      className="rw-recipients"
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ';', ' ']}
      disabled={disabled}
      maxCount={RW_LIMITS.maxRecipients}
      value={value}
      tagRender={({ value: v, closable, onClose }) => (
        <Tag
          color={isEmail(String(v)) ? undefined : 'error'}
          closable={closable}
          onClose={onClose}
          closeIcon={<CloseOutlined aria-label={t('schedule.removeRecipient', { email: String(v) })} />}
          onMouseDown={(e) => e.preventDefault()}
          style={{ marginInlineEnd: 4 }}
          data-testid={`rw-recipient-${String(v)}`}
        >
          {String(v)}
        </Tag>
      )}
      onChange={(list: string[]) =>
        onChange([...new Set(list.map((r) => r.trim().toLowerCase()).filter(Boolean))])
      }
      data-testid="rw-schedule-recipients"
    />
  );
}
