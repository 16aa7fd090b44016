import type { AppConfig } from '../../config';

/** Menu items of screens a feature flag switches off (their routes answer 404 and the web its 404 page). */
export function hiddenMenuKeys(config: Pick<AppConfig, 'features'>): ReadonlySet<string> {
  const hidden = new Set<string>();
  if (!config.features.emailTemplates) hidden.add('m_admin_email_template');
  return hidden;
}
