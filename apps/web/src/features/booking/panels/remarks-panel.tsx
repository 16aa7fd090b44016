import { DeleteOutlined } from '@ant-design/icons';
import {
  DATETIME_FORMAT,
  REMARK_VISIBILITY,
  type TBookingRemark,
  type TRemarkLimits,
} from '@portal/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { type ButtonProps, ConfigProvider, Flex } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { errorText } from '../../../shared/i18n/error-text';
import { PlainAlert } from '../../../shared/plain/plain-alert';
import { PlainEmpty, PlainList } from '../../../shared/plain/plain-list';
import { PlainSelect } from '../../../shared/plain/plain-select';
import { PlainTag } from '../../../shared/plain/plain-tag';
import { Typography } from '../../../shared/plain/typography';
import { useAddRemark, useDeleteRemark, useRemarkLimits, useRemarks } from '../booking-extras-api';
import type { BookingTabProps } from '../booking-tab-props';
import { type RemarkProblem, remarkProblem } from './remark-limits';
import './remarks-panel.css';
import { msgTextOf } from '../../../shared/form/zod-rule';

type Visibility = (typeof REMARK_VISIBILITY)[number];

/**
 * The editor (Tiptap: about 130 KB gzipped, more than the rest of the booking page's own code) loads when the user
 * starts to write, and is fetched ahead when the pointer or focus reaches the "write a remark" box (issue 20).
 */
const loadEditor = () => import('./remark-editor');
const RemarkEditor = lazy(() => loadEditor().then((m) => ({ default: m.RemarkEditor })));
const preloadEditor = () => void loadEditor();

/** A remark's HTML through DOMPurify: loaded with the first remark shown, not with every booking (issue 20). */
const RemarkHtml = lazy(() => import('./remark-html'));

/**
 * Remarks of a booking (001 §5, §6): the list with who may see each, a rich-text editor that takes pasted
 * or inserted images, visible-to (internal users may keep a remark internal; external users post to all),
 * the configured limits checked before sending, and delete after a confirmation.
 */
export function RemarksPanel({ booking, internal }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  if (!booking) return <PlainEmpty text={t('remarks.newBooking')} data-testid="remarks-new" />;
  return (
    <ConfigProvider componentDisabled={false}>
      <Remarks soNo={booking.so_no} internal={internal} />
    </ConfigProvider>
  );
}

function Remarks({ soNo, internal }: { soNo: string; internal: boolean }) {
  const remarks = useRemarks(soNo);
  const limits = useRemarkLimits();
  const add = useAddRemark(soNo);
  const del = useDeleteRemark(soNo);
  return <RemarksThread remarks={remarks} limits={limits} add={add} del={del} internal={internal} />;
}

/** What a remarks thread reads and calls: the owner's remark list, the limits, add and delete. */
export interface RemarksThreadProps {
  remarks: UseQueryResult<TBookingRemark[]>;
  limits: UseQueryResult<TRemarkLimits>;
  add: UseMutationResult<TBookingRemark, Error, { html: string; visible_to: Visibility }>;
  del: UseMutationResult<unknown, Error, number>;
  internal: boolean;
}

/**
 * The remarks list and editor of any owner (a booking, a consol plan): the owner's page passes its own
 * queries, so every screen shares one editor, one set of limits checks and one look.
 */
export function RemarksThread({ remarks, limits, add, del, internal }: RemarksThreadProps) {
  const { t } = useTranslation('booking-extra');
  const { message, modal } = useApp();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [visibleTo, setVisibleTo] = useState<Visibility>('ALL');
  const [problem, setProblem] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  const visibleToId = useId();
  const onReady = useCallback((e: Editor | null) => setEditor(e), []);
  // A problem's text is a msg key: that namespace loads when the first problem shows, not with the page.
  const showProblem = useCallback((p: RemarkProblem) => {
    void msgTextOf(p.msgKey, p.params).then(setProblem);
  }, []);

  const send = () => {
    if (!editor || !limits.data) return;
    const text = editor.getText().trim();
    const html = editor.getHTML();
    if (!text && !/<img\b/i.test(html)) {
      setProblem(t('remarks.emptyRemark'));
      return;
    }
    const p = remarkProblem(html, text, limits.data);
    if (p) {
      showProblem(p);
      return;
    }
    setProblem(null);
    add.mutate(
      { html, visible_to: internal ? visibleTo : 'ALL' },
      {
        onSuccess: () => {
          editor.commands.clearContent();
          message.success(t('remarks.added'));
        },
        onError: (e) => setProblem(errorText(t, e)),
      },
    );
  };

  const remove = (r: TBookingRemark) =>
    del.mutateAsync(r.id).then(
      () => message.success(t('remarks.deleted')),
      (e: unknown) => message.error(errorText(t, e)),
    );

  return (
    <Flex vertical gap={8} data-testid="remarks-panel">
      {remarks.error ? (
        <PlainAlert type="error" title={errorText(t, remarks.error)} />
      ) : (
        <PlainList<TBookingRemark>
          loading={remarks.isLoading}
          items={remarks.data ?? []}
          rowKey={(r) => r.id}
          data-testid="remarks-list"
          empty={<PlainEmpty text={t('remarks.empty')} />}
          renderItem={(r) => (
            <div className="remark-row" data-testid={`remark-${r.id}`}>
              <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                <span className="plain-inline">
                  <Typography.Text strong>{r.created_by ?? '—'}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(r.created_at).format(DATETIME_FORMAT)}
                  </Typography.Text>
                  <PlainTag
                    colour={r.visible_to === 'INTERNAL' ? 'purple' : 'blue'}
                    data-testid={`remark-visible-${r.id}`}
                  >
                    {t(`remarks.visibility.${r.visible_to}`)}
                  </PlainTag>
                </span>
                <Suspense fallback={null}>
                  <RemarkHtml html={r.html} />
                </Suspense>
              </Flex>
              {r.can_delete && (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  data-testid={`remark-delete-${r.id}`}
                  onClick={() =>
                    modal.confirm({
                      title: t('remarks.deleteConfirm'),
                      okText: t('common.delete'),
                      cancelText: t('common.cancel'),
                      okButtonProps: {
                        danger: true,
                        'data-testid': `remark-delete-confirm-${r.id}`,
                      } as ButtonProps,
                      onOk: () => remove(r),
                    })
                  }
                />
              )}
            </div>
          )}
        />
      )}
      {composing ? (
        <Suspense fallback={<div className="remark-editor-loading" aria-busy="true" />}>
          <RemarkEditor
            onReady={onReady}
            limits={limits.data}
            onProblem={showProblem}
            placeholder={t('remarks.placeholder')}
            autoFocus
          />
        </Suspense>
      ) : (
        <button
          type="button"
          className="remark-compose"
          onPointerEnter={preloadEditor}
          onFocus={preloadEditor}
          onClick={() => setComposing(true)}
          data-testid="remark-compose"
        >
          {t('remarks.placeholder')}
        </button>
      )}
      {limits.data && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="remark-limits">
          {t('remarks.limits', {
            chars: limits.data.textMaxChars,
            kb: limits.data.imageMaxKb,
            mb: limits.data.htmlMaxMb,
          })}
        </Typography.Text>
      )}
      {problem && (
        <PlainAlert
          type="error"
          title={problem}
          onClose={() => setProblem(null)}
          closeLabel={t('common.close')}
          data-testid="remark-problem"
        />
      )}
      {composing && (
        <Flex gap={8} align="center" wrap>
          <label htmlFor={visibleToId}>{t('remarks.visibleTo')}</label>
          <PlainSelect
            id={visibleToId}
            className="plain-select--small"
            value={internal ? visibleTo : 'ALL'}
            onChange={(v) => v && setVisibleTo(v as Visibility)}
            disabled={!internal}
            options={REMARK_VISIBILITY.map((v) => ({ value: v, label: t(`remarks.visibility.${v}`) }))}
            data-testid="remark-visible-to"
          />
          <Button
            type="primary"
            size="small"
            loading={add.isPending}
            disabled={!editor || !limits.data}
            onClick={send}
            data-testid="remark-add"
          >
            {t('remarks.add')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
