import { useTranslation } from 'react-i18next';

/**
 * A message of the `msg` namespace shown on a screen (e.g. why the user was signed out). The namespace loads
 * when the first one shows, not with every page; until it is there the text is empty, never the raw key.
 */
export function MsgText({ msgKey, params }: { msgKey: string; params?: Record<string, unknown> }) {
  const { t, ready } = useTranslation(['msg', 'codes'], { useSuspense: false });
  return ready ? t(msgKey, { ns: 'msg', ...(params ?? {}) }) : null;
}
