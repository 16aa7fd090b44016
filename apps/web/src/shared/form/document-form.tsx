import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TFieldError } from '@portal/contracts';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../button';
import { useApp } from '../feedback';
import { errorText } from '../i18n/error-text';
import { PlainTag, type PlainTagColour } from '../plain/plain-tag';
import { Typography } from '../plain/typography';
import type { FormInstance } from './form';
import { applyServerErrors } from './server-errors';

/**
 * The edit state of a document's detail form (a consolidation plan, a master bill): unsaved input, the
 * server's problems that name no field on the form, Save and Cancel edit. Save validates, sends the form's
 * body (with the version of a saved document), says "saved" with the document's number and, for a new one,
 * moves to its address; a refused save puts the server's problems on their fields and lists the rest.
 */
export function useDocumentForm<V extends object, B>({
  form,
  start,
  toBody,
  saved,
  store,
  detailPath,
  t,
}: {
  form: FormInstance<V>;
  /** The form's first values: a save sends them with the fields' values over them. */
  start: V;
  toBody: (v: V) => B;
  /** The saved document's number and version; null for a new one. */
  saved: { no: string; version: number } | null;
  /** Stores a body (PUT under the number with the version, POST without) and answers the number. */
  store: (no: string | null, body: B) => Promise<string>;
  detailPath: (no: string) => string;
  /** The feature's words: `saved` ({no}) and its error texts. */
  t: TFunction;
}) {
  const { message } = useApp();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<TFieldError[]>([]);

  const onSave = async () => {
    setProblems([]);
    try {
      const v = await form.validateFields();
      const body = toBody({ ...start, ...v });
      const no = await store(saved?.no ?? null, saved ? { ...body, version: saved.version } : body);
      message.success(t('saved', { no }));
      setDirty(false);
      if (!saved) navigate(detailPath(no), { replace: true });
    } catch (e) {
      if (!(e instanceof Error) || !('status' in e)) return;
      setProblems(applyServerErrors(form, e, t));
      message.error(errorText(t, e));
    }
  };

  const onCancelEdit = () => {
    form.resetFields();
    setDirty(false);
    setProblems([]);
  };

  return { dirty, setDirty, problems, onSave, onCancelEdit };
}

/**
 * A document form's top line: back to the list, the number (or the new document's title), its status and
 * further tags; then the document's tools, Cancel edit (with unsaved input) and Save (when editable). The
 * words are the feature's `backToList`, `cancelEdit` and `save`; `notice` (the live document's stale notice)
 * stands right below the line.
 */
export function DocumentFormHeader({
  testId,
  backTo,
  title,
  status,
  tags,
  tools,
  wrapTools = false,
  edit,
  editable,
  saving,
  notice,
  t,
}: {
  /** The prefix of the test ids: `${testId}-back`, `-title`, `-status`, `-cancel-edit`, `-save`. */
  testId: string;
  backTo: string;
  title: ReactNode;
  status?: { colour: PlainTagColour; text: ReactNode } | null;
  tags?: ReactNode;
  tools?: ReactNode;
  wrapTools?: boolean;
  /** The form's edit state (useDocumentForm). */
  edit: { dirty: boolean; onCancelEdit: () => void; onSave: () => void };
  editable: boolean;
  saving: boolean;
  notice?: ReactNode;
  t: TFunction;
}) {
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex gap={8} align="center">
          <Link to={backTo} data-testid={`${testId}-back`}>
            <ArrowLeftOutlined /> {t('backToList')}
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid={`${testId}-title`}>
            {title}
          </Typography.Title>
          {status && (
            <PlainTag colour={status.colour} data-testid={`${testId}-status`}>
              {status.text}
            </PlainTag>
          )}
          {tags}
        </Flex>
        <Flex wrap={wrapTools || undefined} gap={8} align="center">
          {tools}
          {editable && edit.dirty && (
            <Button disabled={false} onClick={edit.onCancelEdit} data-testid={`${testId}-cancel-edit`}>
              {t('cancelEdit')}
            </Button>
          )}
          {editable && (
            <Button type="primary" onClick={edit.onSave} loading={saving} data-testid={`${testId}-save`}>
              {t('save')}
            </Button>
          )}
        </Flex>
      </Flex>
      {notice}
    </>
  );
}
