import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName } from './content-disposition';
import { detectFileType } from './file-types';
import { loadFilesConfig } from './files-config';

const ALL = ['pdf', 'jpg', 'jpeg', 'png', 'xlsx', 'xls', 'docx', 'doc', 'csv', 'txt'];
const bytes = (...b: number[]) => Buffer.from(b);

describe('file type by content', () => {
  it('accepts each type whose first bytes fit its extension', () => {
    const cases: [string, Buffer, string][] = [
      ['a.pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
      ['a.PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
      ['a.jpeg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
      [
        'a.xlsx',
        bytes(0x50, 0x4b, 0x03, 0x04),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['a.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'application/msword'],
      ['a.csv', Buffer.from('\uFEFFcode,name\r\nHKG,香港\r\n'), 'text/csv'],
    ];
    for (const [name, head, mime] of cases) expect(detectFileType(name, head, ALL)?.mime, name).toBe(mime);
  });

  it('refuses content of another type, unknown extensions and types not configured', () => {
    expect(detectFileType('a.pdf', Buffer.from('MZ\x90\x00'), ALL)).toBeNull();
    expect(detectFileType('a.txt', bytes(0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00), ALL)).toBeNull();
    expect(detectFileType('a.exe', Buffer.from('MZ'), ALL)).toBeNull();
    expect(detectFileType('pdf', Buffer.from('%PDF-1.7'), ALL)).toBeNull();
    expect(detectFileType('a.pdf', Buffer.from('%PDF-1.7'), ['png'])).toBeNull();
  });
});

describe('download names', () => {
  it('sends an ASCII fallback and the exact name as filename*', () => {
    expect(attachmentDisposition('a "b".pdf')).toBe(
      `attachment; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`,
    );
    expect(attachmentDisposition('發票.pdf')).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''%E7%99%BC%E7%A5%A8.pdf`,
    );
  });

  it('keeps the last path segment without control characters, shortened before the extension', () => {
    expect(cleanFileName('C:\\Users\\x\\scan\u0007.pdf', 255)).toBe('scan.pdf');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`, 20)).toBe(`${'x'.repeat(16)}.pdf`);
  });
});

describe('configuration', () => {
  it('defaults to <DATA_DIR>/files, 10 MB, the ten types and no virus scan', () => {
    const c = loadFilesConfig({}, '/srv/data');
    expect(c).toEqual({ dir: '/srv/data/files', maxBytes: 10 * 1024 * 1024, allowedTypes: ALL, clamd: null });
  });

  it('reads FILES_DIR, FILE_MAX_BYTES, FILE_ALLOWED_TYPES and CLAMD_*, refusing unknown types', () => {
    const c = loadFilesConfig(
      { FILES_DIR: '/vol/files', FILE_MAX_BYTES: '2048', FILE_ALLOWED_TYPES: 'PDF, .png', CLAMD_HOST: 'av' },
      '/srv/data',
    );
    expect(c).toMatchObject({ dir: '/vol/files', maxBytes: 2048, allowedTypes: ['pdf', 'png'] });
    expect(c.clamd).toMatchObject({ host: 'av', port: 3310 });
    expect(() => loadFilesConfig({ FILE_ALLOWED_TYPES: 'pdf,exe' }, '/d')).toThrow(/unknown exe/);
    expect(() => loadFilesConfig({ FILE_MAX_BYTES: 'lots' }, '/d')).toThrow(/FILE_MAX_BYTES/);
  });
});
