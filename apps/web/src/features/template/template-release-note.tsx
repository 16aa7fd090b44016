import type { TTemplate, TTemplateSummary } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { fetchTemplate, useTemplateMutations } from './template-api';

/** One banner per added template updated since the user last read its release note (002 §4). */
export function ReleaseNoteBanners({ rows }: { rows: TTemplateSummary[] }) {
  if (!rows.length) return null;
  return (
    <Flex vertical gap={8}>
      {rows.map((r) => (
        <ReleaseNoteBanner key={r.tmplib_id} id={r.tmplib_id} name={r.name} />
      ))}
    </Flex>
  );
}

/** The banner of one template: loads its note, "Got it" acknowledges the current version. */
export function ReleaseNoteBanner({ id, name, note }: { id: number; name: string; note?: string | null }) {
  const { t } = useTranslation('template');
  const { message } = useApp();
  const { acknowledge } = useTemplateMutations();
  return (
    <PlainAlert
      type="info"
      role="status"
      message={t('releaseNoteTitle', { name })}
      description={note === undefined ? <LazyNote id={id} /> : note}
      data-testid={`template-release-note-${id}`}
      action={
        <Button
          size="small"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(id, { onError: (e) => message.error(errorText(t, e)) })}
        >
          {t('acknowledge')}
        </Button>
      }
    />
  );
}

function LazyNote({ id }: { id: number }) {
  const { data } = useNote(id);
  return <>{data?.release_note ?? ''}</>;
}

const useNote = (id: number) =>
  useQuery<TTemplate>({ queryKey: ['template', 'one', id], queryFn: () => fetchTemplate(id) });
