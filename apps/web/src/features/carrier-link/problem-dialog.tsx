import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/feedback';
import { fieldErrorsOf } from '../../shared/form/server-errors';
import { errorText, msgText } from '../../shared/i18n/error-text';

/**
 * Shows why a carrier move was refused: a toast, or, when the answer lists problems (the document the portal
 * would send fails the DCSA schema: path and message per line), a dialog with the list.
 */
export function useProblemDialog(fieldLabel?: (path: string) => string) {
  const { t } = useTranslation('carrierLink');
  const { message, modal } = useApp();
  return (e: unknown) => {
    const details = fieldErrorsOf(e);
    if (details.length === 0) {
      message.error(errorText(t, e));
      return;
    }
    modal.error({
      title: errorText(t, e),
      content: (
        <ul data-testid="carrier-link-problems">
          {details.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the schema may report one path twice
            <li key={i}>
              {d.field ? `${fieldLabel?.(d.field) || d.field}: ` : ''}
              {typeof d.params?.message === 'string'
                ? d.params.message
                : (msgText(t, d.msgKey, d.params) ?? d.msgKey)}
            </li>
          ))}
        </ul>
      ),
    });
  };
}
