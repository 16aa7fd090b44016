import { allowedPartyTransitions, type PartyTransition, type TParty } from '@portal/contracts';
import { type ButtonProps, Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { useApiError } from '../../shared/hooks/use-api-error';
import { usePartyTransition } from './party-api';
import { usePartyLabels } from './party-labels';

const PartyRemarksDialog = lazy(() => import('./party-remarks-dialog'));

/**
 * The approval buttons the transition table allows for this party and the user's profile type. Approvals
 * ask for confirmation; rejections and resubmission ask for remarks (required) in a modal.
 */
export function PartyActions({
  party,
  blocked,
  onDone,
}: {
  party: TParty;
  blocked: boolean;
  onDone: (p: TParty) => void;
}) {
  const { t } = useTranslation('party');
  const labels = usePartyLabels();
  const { modal, message } = useApp();
  const { showError } = useApiError();
  const session = useSession();
  const transition = usePartyTransition();
  const [asking, setAsking] = useState<PartyTransition | null>(null);
  const moves = allowedPartyTransitions(party.approval_status, session.currentProfile?.profile_type);

  const run = async (move: PartyTransition, remarks: string | null) => {
    if (blocked) {
      message.warning(t('saveBeforeAction'));
      return;
    }
    try {
      const saved = await transition.mutateAsync({
        id: party.party_id,
        body: { action: move.action, version: party.version, remarks },
      });
      message.success(
        t('actionDone', {
          action: labels.action(move.action),
          status: labels.approval(saved.approval_status),
        }),
      );
      setAsking(null);
      onDone(saved);
    } catch (e) {
      showError(e);
    }
  };

  const start = (move: PartyTransition) => {
    if (blocked) {
      message.warning(t('saveBeforeAction'));
      return;
    }
    if (move.remarksRequired) {
      setAsking(move);
      return;
    }
    modal.confirm({
      title: t('confirmAction', { action: labels.action(move.action), code: party.party_code }),
      okText: t('yes'),
      cancelText: t('no'),
      okButtonProps: { 'data-testid': 'party-action-confirm' } as ButtonProps,
      onOk: () => run(move, null),
    });
  };

  if (!moves.length) return null;
  return (
    <>
      <Flex wrap gap={8} align="center">
        {moves.map((m) => (
          <Button
            key={m.action}
            type={m.kind === 'approve' ? 'primary' : 'default'}
            danger={m.kind === 'reject'}
            loading={transition.isPending && transition.variables?.body.action === m.action}
            onClick={() => start(m)}
            data-testid={`party-action-${m.action}`}
          >
            {labels.action(m.action)}
          </Button>
        ))}
      </Flex>
      {asking && (
        <Suspense fallback={null}>
          <PartyRemarksDialog
            title={t('remarksTitle', { action: labels.action(asking.action) })}
            danger={asking.kind === 'reject'}
            pending={transition.isPending}
            onCancel={() => setAsking(null)}
            onOk={(remarks) => run(asking, remarks)}
          />
        </Suspense>
      )}
    </>
  );
}
