import { describe, expect, it } from 'vitest';
import { PUBLIC_FILE_NAMES, publicFileUrl } from './public-files';

describe('public documents', () => {
  it("links each document to the server's public download by its whitelisted name", () => {
    expect(publicFileUrl('privacyPolicy')).toBe('/api/v1/File/DownloadPublicFile/PrivacyPolicy');
    expect(publicFileUrl('chinaPrivacyPolicy')).toBe('/api/v1/File/DownloadPublicFile/ChinaPrivacyPolicy');
    for (const key of Object.keys(PUBLIC_FILE_NAMES) as (keyof typeof PUBLIC_FILE_NAMES)[])
      expect(publicFileUrl(key)).toMatch(/^\/api\/v1\/File\/DownloadPublicFile\/[A-Za-z]+$/);
  });
});
