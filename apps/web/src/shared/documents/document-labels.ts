import { useTranslation } from 'react-i18next';
import type { DocumentTypeOption } from './document-api';

/** A document type's label in the UI language: the shipped types are translated, others keep their name. */
export function useDocumentTypeLabel(types: DocumentTypeOption[] | undefined) {
  const { t } = useTranslation('documents');
  return (code: string) =>
    t(`types.${code}`, { defaultValue: types?.find((x) => x.pkey === code)?.pvalue ?? code });
}

/** "12.3 KB" style size. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
