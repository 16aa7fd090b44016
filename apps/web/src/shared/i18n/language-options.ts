import type { Language } from '@portal/contracts';

/** Each language under its own name, the same in every UI language (000 §2.1). */
export const LANGUAGE_OPTIONS: { value: Language; label: string }[] = [
  { value: 'en-US', label: 'English' },
  { value: 'zh-HK', label: '繁體中文' },
  { value: 'zh-CN', label: '简体中文' },
];
