import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../../shared/plain/typography';
import { RemarksThread } from '../booking';
import {
  useAddConsolRemark,
  useConsolRemarkLimits,
  useConsolRemarks,
  useDeleteConsolRemark,
} from './consol-api';

/**
 * Remarks of a plan (001 §3 "remarks with images"): the booking remark thread (editor with images, limits,
 * visible-to) on the plan's routes. Enabled in every status: a remark is not an edit of the plan.
 * The plan's one Remarks area (issue 39): the header's plain-text remark of older plans (`planNote`, no longer a
 * form field) is shown read-only above the thread, as written (docs/decisions.md "Consolidation frictions").
 */
export function ConsolRemarks({
  consolNo,
  internal,
  planNote,
}: {
  consolNo: string;
  internal: boolean;
  planNote?: string | null;
}) {
  const { t } = useTranslation('consolidation');
  const remarks = useConsolRemarks(consolNo);
  const limits = useConsolRemarkLimits();
  const add = useAddConsolRemark(consolNo);
  const del = useDeleteConsolRemark(consolNo);
  return (
    <ConfigProvider componentDisabled={false}>
      {planNote?.trim() && (
        <div className="consol-plan-note" data-testid="consol-plan-note">
          <Typography.Text strong>{t('planNote.title')}</Typography.Text>
          <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{planNote}</p>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('planNote.hint')}
          </Typography.Text>
        </div>
      )}
      <RemarksThread remarks={remarks} limits={limits} add={add} del={del} internal={internal} />
    </ConfigProvider>
  );
}
