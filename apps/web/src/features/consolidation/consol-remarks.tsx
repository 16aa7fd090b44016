import { ConfigProvider } from 'antd';
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
 */
export function ConsolRemarks({ consolNo, internal }: { consolNo: string; internal: boolean }) {
  const remarks = useConsolRemarks(consolNo);
  const limits = useConsolRemarkLimits();
  const add = useAddConsolRemark(consolNo);
  const del = useDeleteConsolRemark(consolNo);
  return (
    <ConfigProvider componentDisabled={false}>
      <RemarksThread remarks={remarks} limits={limits} add={add} del={del} internal={internal} />
    </ConfigProvider>
  );
}
