// E-mail template constants without zod (issue 20: the template screens import them without the schemas);
// email-template.ts re-exports everything here.

/** The languages a template carries (000 §1). */
export const EMAIL_TEMPLATE_LANGUAGES = ['en-US', 'zh-HK', 'zh-CN'] as const;
export type TEmailTemplateLanguage = (typeof EMAIL_TEMPLATE_LANGUAGES)[number];
/** Field suffix per language: subject_en, subject_hk, subject_cn, body_… */
export const EMAIL_TEMPLATE_LANGUAGE_SUFFIX = { 'en-US': 'en', 'zh-HK': 'hk', 'zh-CN': 'cn' } as const;

/** `{{name}}` placeholders, filled from email_subject_param / email_body_param. */
export const EMAIL_PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** The placeholder names a text uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(EMAIL_PLACEHOLDER)) names.add(m[1]);
  return [...names];
}
