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
  save,
  isNew,
  detailPath,
  t,
}: {
  form: FormInstance<V>;
  /** The form's first values: a save sends them with the fields' values over them. */
  start: V;
  toBody: (v: V) => B;
  /** Stores the body and answers the document's number. */
  save: (body: B) => Promise<string>;
  isNew: boolean;
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
      const no = await save(toBody({ ...start, ...v }));
      message.success(t('saved', { no }));
      setDirty(false);
      if (isNew) navigate(detailPath(no), { replace: true });
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
 * further tags; then the document's tools, Cancel edit (with unsaved input) and Save (when editable).
 */
export function DocumentFormHeader({
  testId,
  backTo,
  backText,
  title,
  status,
  tags,
  tools,
  wrapTools = false,
  editable,
  dirty,
  onCancelEdit,
  cancelText,
  onSave,
  saving,
  saveText,
}: {
  /** The prefix of the test ids: `${testId}-back`, `-title`, `-status`, `-cancel-edit`, `-save`. */
  testId: string;
  backTo: string;
  backText: ReactNode;
  title: ReactNode;
  status?: { colour: PlainTagColour; text: ReactNode } | null;
  tags?: ReactNode;
  tools?: ReactNode;
  wrapTools?: boolean;
  editable: boolean;
  dirty: boolean;
  onCancelEdit: () => void;
  cancelText: ReactNode;
  onSave: () => void;
  saving: boolean;
  saveText: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Flex gap={8} align="center">
        <Link to={backTo} data-testid={`${testId}-back`}>
          <ArrowLeftOutlined /> {backText}
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
        {editable && dirty && (
          <Button disabled={false} onClick={onCancelEdit} data-testid={`${testId}-cancel-edit`}>
            {cancelText}
          </Button>
        )}
        {editable && (
          <Button type="primary" onClick={onSave} loading={saving} data-testid={`${testId}-save`}>
            {saveText}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
