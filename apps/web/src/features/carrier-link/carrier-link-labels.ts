import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/i18n/date-time-text';
import { linkErrorKey } from './carrier-link-model';

/** Words for the carrier link's codes (namespace `carrierLink`): DCSA states, link states, history, fields. */
export function useCarrierLinkLabels() {
  const { t } = useTranslation('carrierLink');
  const word = (group: string) => (code: string | null | undefined) =>
    code ? t(`${group}.${code}`, { defaultValue: code }) : t('none');
  return {
    t,
    status: word('status'),
    link: word('link'),
    event: word('event'),
    source: word('source'),
    field: word('field'),
    kind: word('kind'),
    action: word('action'),
    credential: word('connection.credential'),
    auth: word('connection.auth'),
    /** A link error as words: the portal's own phrases translated, the carrier's text as it came. */
    error: (text: string | null | undefined) => {
      if (!text) return t('none');
      const k = linkErrorKey(text);
      return k ? t(k.key, { ...k.values, defaultValue: text }) : text;
    },
    /** A stored time as users read it ('—' when absent). */
    time: (v: string | null | undefined) => (v ? (dateTimeText(v) ?? v) : t('none')),
  };
}

export type CarrierLinkLabels = ReturnType<typeof useCarrierLinkLabels>;
