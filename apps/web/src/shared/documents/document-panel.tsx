import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { DATETIME_FORMAT, type TDocument, type TDocumentEntityType } from '@portal/contracts';
import { ConfigProvider, Flex } from 'antd';
import dayjs from 'dayjs';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { LinkButton } from '../components/link-button';
import { useApp } from '../feedback';
import { errorText } from '../i18n/error-text';
import { loadMsg } from '../i18n/i18n';
import { StaticTable, type StaticTableColumn } from '../list/static-table';
import { PlainAlert } from '../plain/plain-alert';
import { PlainEmpty } from '../plain/plain-list';
import { PlainSelect } from '../plain/plain-select';
import { Typography } from '../plain/typography';
import './document-panel.css';
import {
  documentsPath,
  downloadDocument,
  useDocumentHistory,
  useDocuments,
  useDocumentTypes,
  useRemoveDocument,
  useUploadDocument,
  useUploadRules,
} from './document-api';
import { DocumentHistory } from './document-history';
import { formatBytes, useDocumentTypeLabel } from './document-labels';

/** A file being uploaded, or refused (its error shown until the user removes it from the list). */
interface PendingFile {
  uid: string;
  name: string;
  status: 'uploading' | 'error';
  percent: number;
  error?: string;
}

export interface DocumentPanelProps {
  /** The owning record's kind: 'party', 'warehouse' (later 'booking'). */
  entityType: TDocumentEntityType;
  /** The owning record's id; null for a record not saved yet (nothing can be attached). */
  entityId: string | number | null;
  /** Upload and remove allowed (the owner's write function id); otherwise list and download only. */
  canEdit: boolean;
  /** Document types the record must have (e.g. before approval); missing ones are named above the list. */
  requiredTypes?: readonly string[];
  /** Show the Document Upload History below the list (default true); screens with a tab for it pass false. */
  showHistory?: boolean;
  /** Prefix of every data-testid (default 'document'). */
  testId?: string;
}

/**
 * Documents of one record: pick a type, drop or choose a file (progress shown; size and type checked
 * here and again by the server, which also scans for viruses), list with download and remove (after a
 * confirmation; kept in the history), and the upload history.
 */
export function DocumentPanel(props: DocumentPanelProps) {
  const { t } = useTranslation('documents');
  if (props.entityId === null) {
    return <PlainEmpty text={t('saveFirst')} data-testid={`${props.testId ?? 'document'}-save-first`} />;
  }
  // The panel may sit inside a disabled form (e.g. a read-only record); its own controls decide for themselves.
  return (
    <ConfigProvider componentDisabled={false}>
      <SavedEntityDocuments {...props} entityId={props.entityId} />
    </ConfigProvider>
  );
}

function SavedEntityDocuments({
  entityType,
  entityId,
  canEdit,
  requiredTypes,
  showHistory = true,
  testId = 'document',
}: DocumentPanelProps & { entityId: string | number }) {
  const { t } = useTranslation('documents');
  const { message, modal } = useApp();
  const path = documentsPath(entityType, entityId);
  const docs = useDocuments(path);
  const rules = useUploadRules();
  const types = useDocumentTypes();
  const typeLabel = useDocumentTypeLabel(types.data);
  const uploadMut = useUploadDocument(path);
  const removeMut = useRemoveDocument(path);
  const [documentType, setDocumentType] = useState<string | undefined>();
  const [fileList, setFileList] = useState<PendingFile[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const nextUid = useRef(0);
  const typeId = useId();

  const maxBytes = rules.data?.max_bytes;
  const allowed = rules.data?.allowed_types ?? [];
  const maxMb = maxBytes ? Math.round((maxBytes / 1024 / 1024) * 10) / 10 : 0;
  const patch = (uid: string, p: Partial<PendingFile>) =>
    setFileList((list) => list.map((f) => (f.uid === uid ? { ...f, ...p } : f)));

  /**
   * Checks done before sending, with the server's own message texts (the `msg` catalogue, loaded with the first
   * refusal); the server checks again.
   */
  const localProblem = async (file: File): Promise<string | null> => {
    const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    const tooLarge = Boolean(maxBytes && file.size > maxBytes);
    if (!tooLarge && (!allowed.length || allowed.includes(ext))) return null;
    await loadMsg();
    return tooLarge
      ? t('msg:msgFileTooLarge', { maxMb })
      : t('msg:msgFileTypeNotAllowed', { types: allowed.join(', ') });
  };

  const start = async (file: File) => {
    if (!documentType) return;
    const problem = await localProblem(file);
    nextUid.current += 1;
    const uid = `upload-${nextUid.current}`;
    const item: PendingFile = { uid, name: file.name, status: 'uploading', percent: 0 };
    if (problem) {
      setFileList((l) => [...l, { ...item, status: 'error', error: problem }]);
      message.error(t('upload.failed', { name: file.name, error: problem }));
      return;
    }
    setFileList((l) => [...l, item]);
    uploadMut.mutate(
      { file, documentType, onProgress: (percent) => patch(uid, { percent }) },
      {
        onSuccess: () => {
          setFileList((l) => l.filter((f) => f.uid !== uid));
          message.success(t('upload.uploaded', { name: file.name }));
        },
        onError: (e) => {
          const text = errorText(t, e);
          patch(uid, { status: 'error', error: text });
          message.error(t('upload.failed', { name: file.name, error: text }));
        },
      },
    );
  };

  const remove = (d: TDocument) =>
    removeMut.mutateAsync(d).then(
      () => message.success(t('list.removed', { name: d.file_name })),
      (e: unknown) => message.error(errorText(t, e)),
    );

  const dropDisabled = !documentType || !rules.data;
  const live = docs.data ?? [];
  const missing = (requiredTypes ?? []).filter((r) => !live.some((d) => d.document_type === r));

  const columns: StaticTableColumn<TDocument>[] = [
    {
      key: 'type',
      title: t('list.type'),
      width: 170,
      render: (_, d) => typeLabel(d.document_type),
    },
    {
      key: 'file',
      title: t('list.fileName'),
      render: (_, d) => (
        <LinkButton
          onClick={() => downloadDocument(path, d).catch((e: unknown) => message.error(errorText(t, e)))}
          data-testid={`${testId}-name-${d.document_id}`}
        >
          {d.file_name}
        </LinkButton>
      ),
    },
    { key: 'size', title: t('list.size'), width: 100, render: (_, d) => formatBytes(d.size_bytes) },
    {
      key: 'by',
      title: t('list.uploadedBy'),
      width: 160,
      render: (_, d) => d.uploaded_by_name ?? d.uploaded_by,
    },
    {
      key: 'at',
      title: t('list.uploadedAt'),
      width: 170,
      render: (_, d) => dayjs(d.uploaded_at).format(DATETIME_FORMAT),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      width: 120,
      render: (_, d) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('list.download')}
            title={t('list.download')}
            onClick={() => downloadDocument(path, d).catch((e: unknown) => message.error(errorText(t, e)))}
            data-testid={`${testId}-download-${d.document_id}`}
          />
          {canEdit && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('list.remove')}
              title={t('list.remove')}
              data-testid={`${testId}-remove-${d.document_id}`}
              onClick={() =>
                modal.confirm({
                  title: t('list.removeConfirm', { name: d.file_name }),
                  content: t('list.removeConfirmHint'),
                  okText: t('list.removeOk'),
                  cancelText: t('list.cancel'),
                  okButtonProps: { danger: true, 'data-testid': `${testId}-remove-confirm` },
                  onOk: () => remove(d),
                })
              }
            />
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid={`${testId}-panel`}>
      {requiredTypes && requiredTypes.length > 0 && docs.data && (
        <PlainAlert
          type={missing.length ? 'warning' : 'success'}
          title={
            missing.length
              ? t('required.missing', { types: missing.map(typeLabel).join(', ') })
              : t('required.complete')
          }
          data-testid={`${testId}-required`}
        />
      )}
      {canEdit ? (
        <Flex gap={16} wrap align="flex-start">
          <div className="document-type-field">
            <label htmlFor={typeId} className="document-label-required">
              {t('upload.documentType')}
            </label>
            <PlainSelect
              id={typeId}
              value={documentType}
              onChange={setDocumentType}
              placeholder={t('upload.documentTypePlaceholder')}
              aria-required
              aria-busy={types.isLoading}
              options={(types.data ?? []).map((x) => ({ value: x.pkey, label: typeLabel(x.pkey) }))}
              data-testid={`${testId}-type-select`}
            />
          </div>
          <div className="document-drop-column">
            {/* The file input inside its label: a press or Enter/Space on the zone opens the file choice, a drop
                on it uploads; the label's text names the input. */}
            <label
              className={`document-drop${dropDisabled ? ' document-drop--disabled' : ''}${dragOver ? ' document-drop--over' : ''}`}
              onDragOver={(e) => {
                e.preventDefault();
                if (!dropDisabled) setDragOver(true);
              }}
              onDragLeave={() => setDragOver(false)}
              onDrop={(e: DragEvent) => {
                e.preventDefault();
                setDragOver(false);
                if (!dropDisabled) for (const f of e.dataTransfer.files) void start(f);
              }}
              data-testid={`${testId}-upload`}
            >
              <input
                type="file"
                multiple
                className="document-drop-input"
                disabled={dropDisabled}
                accept={allowed.map((x) => `.${x}`).join(',')}
                onChange={(e) => {
                  for (const f of e.target.files ?? []) void start(f);
                  e.target.value = '';
                }}
              />
              <InboxOutlined className="document-drop-icon" aria-hidden />
              <span className="document-drop-text">
                {documentType ? t('upload.drop') : t('upload.chooseTypeFirst')}
              </span>
              <span className="document-drop-hint">
                {t('upload.hint', { types: allowed.map((x) => x.toUpperCase()).join(', '), maxMb })}{' '}
                {rules.data?.virus_scan ? t('upload.hintScanned') : ''}
              </span>
            </label>
            {fileList.length > 0 && (
              <ul className="document-pending" data-testid={`${testId}-pending`}>
                {fileList.map((f) => (
                  <li key={f.uid} className={f.status === 'error' ? 'document-pending--error' : undefined}>
                    <span className="document-pending-name">{f.name}</span>
                    {f.status === 'uploading' ? (
                      <progress max={100} value={f.percent} aria-label={f.name} />
                    ) : (
                      <>
                        <span className="document-pending-error">{f.error}</span>
                        <Button
                          size="small"
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('list.remove')}
                          title={t('list.remove')}
                          onClick={() => setFileList((l) => l.filter((x) => x.uid !== f.uid))}
                        />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid={`${testId}-read-only`}>
          {t('readOnly')}
        </Typography.Text>
      )}
      {docs.error ? (
        <PlainAlert type="error" title={errorText(t, docs.error)} />
      ) : (
        <StaticTable<TDocument>
          data-testid={`${testId}-list`}
          rowKey="document_id"
          columns={columns}
          rows={live}
          loading={docs.isLoading || removeMut.isPending}
          pageSize={10}
          showTotal={false}
          empty={<p>{t('list.empty')}</p>}
        />
      )}
      {showHistory && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('history.title')}
          </Typography.Title>
          <DocumentHistoryPanel entityType={entityType} entityId={entityId} />
        </>
      )}
    </Flex>
  );
}

/** Document Upload History of a record on its own (e.g. the booking's tab of that name). */
export function DocumentHistoryPanel({
  entityType,
  entityId,
  active = true,
}: {
  entityType: TDocumentEntityType;
  entityId: string | number;
  active?: boolean;
}) {
  const path = documentsPath(entityType, entityId);
  const history = useDocumentHistory(path, active);
  const types = useDocumentTypes();
  const typeLabel = useDocumentTypeLabel(types.data);
  return (
    <DocumentHistory
      entries={history.data}
      loading={history.isFetching}
      error={history.error}
      typeLabel={typeLabel}
    />
  );
}
