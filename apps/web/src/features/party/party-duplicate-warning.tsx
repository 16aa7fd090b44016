import { similarityPercent, type TPartyDuplicate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaticTable } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { usePartyLabels } from './party-labels';
import { partyPath } from './party-paths';

/** The duplicate-party warning: similar existing parties with their scores (never blocks saving). */
export function PartyDuplicateWarning({ matches }: { matches: TPartyDuplicate[] }) {
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  if (!matches.length) return null;
  return (
    <PlainAlert
      type="warning"
      data-testid="party-duplicate-warning"
      title={t('duplicate.title')}
      description={
        <>
          {t('duplicate.body')}
          <div style={{ marginTop: 8 }}>
            <StaticTable<TPartyDuplicate>
              rowKey="party_id"
              pageSize={false}
              rows={matches}
              columns={[
                {
                  key: 'code',
                  title: labels.field('party_code'),
                  render: (_, m) => (
                    <Link
                      to={partyPath(m.party_id)}
                      target="_blank"
                      data-testid={`party-duplicate-${m.party_code}`}
                    >
                      {m.party_code}
                    </Link>
                  ),
                },
                { key: 'name', title: labels.field('full_name'), dataIndex: 'full_name' },
                {
                  key: 'addr',
                  title: labels.field('address1'),
                  render: (_, m) => [m.address1, m.city, m.country_code].filter(Boolean).join(', '),
                },
                {
                  key: 'status',
                  title: labels.field('approval_status'),
                  render: (_, m) => labels.approval(m.approval_status),
                },
                {
                  key: 'ns',
                  title: t('duplicate.name'),
                  align: 'right',
                  render: (_, m) => similarityPercent(m.name_similarity),
                },
                {
                  key: 'as',
                  title: t('duplicate.address'),
                  align: 'right',
                  render: (_, m) => similarityPercent(m.address_similarity),
                },
                {
                  key: 'score',
                  title: t('duplicate.score'),
                  align: 'right',
                  render: (_, m) => (
                    <strong data-testid="party-duplicate-score">{similarityPercent(m.similarity)}</strong>
                  ),
                },
              ]}
            />
          </div>
        </>
      }
    />
  );
}
