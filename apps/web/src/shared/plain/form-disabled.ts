import { ConfigProvider } from 'antd';

/**
 * Whether a plain control inside an antd Form is disabled: its own `disabled` when given, else the Form's (or a
 * ConfigProvider's `componentDisabled`), as antd's own controls decide. A read-only booking's form disables
 * every field this way; a panel that must stay usable (remarks) sets `componentDisabled={false}` around it.
 */
export function useFormDisabled(disabled?: boolean): boolean {
  const inherited = ConfigProvider.useConfig().componentDisabled;
  return disabled ?? inherited ?? false;
}
