import { SOPMS_SECTIONS, type TSopmsListRow } from '@portal/contracts';
import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { ListScreen } from '../../shared/list/list-screen';
import { type SopmsFilter, useSopmsList } from './sopms-api';
import { useSopmsColumns } from './sopms-columns';
import { SOPMS_NEW_PATH, sopmsListPath, sopmsViewPath } from './sopms-paths';

/** /SOPMS/SOPMSSearch/{section_code}: the validation templates of one side (AR or AP). */
export default function SopmsListPage() {
  const { section_code = 'AR' } = useParams();
  if (!(SOPMS_SECTIONS as readonly string[]).includes(section_code)) return <Navigate to="/404" replace />;
  return <SopmsList key={section_code} section={section_code} />;
}

function SopmsList({ section }: { section: string }) {
  const { t } = useTranslation('sopms');
  const navigate = useNavigate();
  const { hasFunc } = useSession();
  const list = useSopmsList(section);
  const columns = useSopmsColumns();
  return (
    <Flex vertical gap={8}>
      <Segmented
        value={section}
        options={SOPMS_SECTIONS.map((s) => ({ value: s, label: t(`section.${s}`) }))}
        onChange={(v) => navigate(sopmsListPath(String(v)))}
        data-testid="sopms-section-switch"
      />
      <ListScreen<TSopmsListRow, SopmsFilter>
        title={t('listTitle', { section: t(`section.${section}`) })}
        searchPlaceholder={t('searchPlaceholder')}
        list={list}
        columns={columns}
        rowKey="tmplib_id"
        onRowOpen={(r) => navigate(sopmsViewPath(r.tmplib_id))}
        tableId="sopms.list"
        viewsUrl={sopmsListPath(section)}
        filters={[
          {
            name: 'status',
            label: t('field.status'),
            options: ['A', 'I'].map((s) => ({ value: s, label: t(`status.${s}`) })),
            width: 130,
          },
        ]}
        create={
          hasFunc('sopms_edit')
            ? { label: t('newTemplate'), onClick: () => navigate(SOPMS_NEW_PATH), testId: 'sopms-new' }
            : undefined
        }
        data-testid="sopms-table"
      />
    </Flex>
  );
}
