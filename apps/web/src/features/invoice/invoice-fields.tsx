import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeTagsField } from '../../shared/plain/multi-fields';

/**
 * A list of values typed one by one (job and SO numbers, the tax invoice's e-mails; antd's `Select mode="tags"`
 * without antd): the shared code-tags field with the invoice's name for a tag's remove button.
 */
export function TagsField(props: Omit<ComponentProps<typeof CodeTagsField>, 'removeLabel'>) {
  const { t } = useTranslation('invoice');
  return <CodeTagsField {...props} removeLabel={(value) => t('removeTag', { value })} />;
}
