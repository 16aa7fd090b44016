/** Where the public documents page lives (000 §2.1). */
export const PUBLIC_DOCS_PATH = '/public-documents';
export const CHINA_PRIVACY_PATH = '/china-privacy-policy';

/** The names GET /File/DownloadPublicFile/{filename} serves (the server's whitelist in modules/public-file). */
export const PUBLIC_FILE_NAMES = {
  privacyPolicy: 'PrivacyPolicy',
  personalInfoExport: 'PersonalInformationExportStatement',
  chinaPrivacyPolicy: 'ChinaPrivacyPolicy',
} as const;
export type PublicFileKey = keyof typeof PUBLIC_FILE_NAMES;

/** The download address of a public file; a plain link, so it works without signing in or scripts. */
export const publicFileUrl = (key: PublicFileKey) =>
  `/api/v1/File/DownloadPublicFile/${PUBLIC_FILE_NAMES[key]}`;
