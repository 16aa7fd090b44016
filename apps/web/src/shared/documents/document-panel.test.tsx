// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The message catalogue is loaded with the first refusal; the mocked t stands for its texts.
vi.mock('../i18n/i18n', async (original) => ({
  ...(await original<typeof import('../i18n/i18n')>()),
  loadMsg: async () => {},
}));
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string) => k, i18n: { language: 'en-US' } }),
}));

const uploads: { name: string; documentType: string }[] = [];
const query = <T,>(data: T) => ({ data, isLoading: false, isFetching: false, error: null });
vi.mock('./document-api', () => ({
  documentsPath: (type: string, id: number) => `/Document/${type}/${id}`,
  downloadDocument: vi.fn(),
  useDocuments: () => query([]),
  useDocumentHistory: () => query([]),
  useUploadRules: () => query({ max_bytes: 1024, allowed_types: ['pdf'], virus_scan: false }),
  useDocumentTypes: () => query([{ pkey: 'INV' }, { pkey: 'PL' }]),
  useUploadDocument: () => ({
    mutate: (v: { file: File; documentType: string }) =>
      uploads.push({ name: v.file.name, documentType: v.documentType }),
  }),
  useRemoveDocument: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { DocumentPanel } = await import('./document-panel');

afterEach(() => {
  cleanup();
  uploads.length = 0;
});

const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('DocumentPanel upload (issue 20: a labelled drop zone instead of antd Upload.Dragger)', () => {
  it('takes files only once a type is chosen; a drop or a choice uploads each file with the type; a refused file shows its error', async () => {
    render(
      <>
        <DocumentPanel entityType="party" entityId={7} canEdit showHistory={false} testId="doc" />
      </>,
    );
    const input = screen.getByTestId('doc-upload').querySelector('input[type=file]') as HTMLInputElement;
    // No type yet: the zone and its input are disabled, and a drop does nothing.
    expect(input.disabled).toBe(true);
    fireEvent.drop(screen.getByTestId('doc-upload'), { dataTransfer: { files: [pdf('a.pdf')] } });
    expect(uploads).toEqual([]);

    // The type select is named by its label.
    const type = screen.getByLabelText('upload.documentType') as HTMLSelectElement;
    fireEvent.change(type, { target: { value: 'PL' } });
    expect(input.disabled).toBe(false);
    // The input is named by the zone's text, so a screen reader says what it is for.
    expect(input.closest('label')?.textContent).toContain('upload.drop');

    fireEvent.drop(screen.getByTestId('doc-upload'), {
      dataTransfer: { files: [pdf('b.pdf'), pdf('c.pdf')] },
    });
    fireEvent.change(input, { target: { files: [pdf('d.pdf')] } });
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads).toEqual([
      { name: 'b.pdf', documentType: 'PL' },
      { name: 'c.pdf', documentType: 'PL' },
      { name: 'd.pdf', documentType: 'PL' },
    ]);

    // Too large and of a type not allowed: refused here, listed with the server's message key, not sent.
    fireEvent.change(input, { target: { files: [pdf('big.pdf', 4096), pdf('x.exe')] } });
    const pending = await screen.findByTestId('doc-pending');
    await waitFor(() => expect(pending.textContent).toContain('x.exe'));
    expect(uploads).toHaveLength(3);
    expect(pending.textContent).toContain('big.pdf');
    expect(pending.textContent).toContain('msg:msgFileTooLarge');
    expect(pending.textContent).toContain('msg:msgFileTypeNotAllowed');
  });
});
