import { CopyOutlined } from '@ant-design/icons';
import type { TPartyOption } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/http';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { Form } from '../../../shared/form';
import {
  filingAddressOf,
  type HeaderPartySource,
  mergeFilingParties,
  type Row,
} from './header-party-address';

/** One party of the directory by id; null when it cannot be read (e.g. not visible to this profile). */
const lookup = (partyId: number): Promise<TPartyOption | null> =>
  api
    .get<TPartyOption[]>('/Party/lookup', { party_id: partyId, include_unapproved: true })
    .then((rows) => rows[0] ?? null)
    .catch(() => null);

/**
 * "Copy from header parties": fills the ISF or ENS cards from the parties already chosen on the Header tab
 * (their directory addresses), so they need not be typed twice. Roles whose header party is empty are left.
 */
export function CopyHeaderPartiesButton({
  kind,
  sources,
  onChanged,
}: {
  kind: 'isf' | 'ens';
  sources: readonly HeaderPartySource[];
  onChanged?: () => void;
}) {
  const { t } = useTranslation('booking-extra');
  const { message } = useApp();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const listName = kind === 'isf' ? 'isf_parties' : 'ens_parties';

  const copy = async () => {
    const wanted = sources
      .map((s) => ({ ...s, id: Number(form.getFieldValue(s.from)) || null }))
      .filter((s): s is HeaderPartySource & { id: number } => s.id !== null);
    if (!wanted.length) {
      message.warning(t('copyHeader.noParties'));
      return;
    }
    setBusy(true);
    try {
      const ids = [...new Set(wanted.map((w) => w.id))];
      const found = new Map(await Promise.all(ids.map(async (id) => [id, await lookup(id)] as const)));
      const copied = wanted.flatMap((w) => {
        const p = found.get(w.id);
        return p ? [{ ...filingAddressOf(p, kind), role: w.role }] : [];
      });
      if (!copied.length) {
        message.warning(t('copyHeader.unreadable'));
        return;
      }
      const list = (form.getFieldValue(listName) as Row[] | undefined) ?? [];
      form.setFieldValue(listName, mergeFilingParties(list, copied));
      form.setFields([{ name: listName, errors: [] }]);
      onChanged?.();
      message.success(
        t('copyHeader.done', { roles: copied.map((c) => t(`${kind}.roles.${c.role}`)).join(', ') }),
      );
    } catch {
      message.warning(t('copyHeader.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon={<CopyOutlined />}
      onClick={copy}
      loading={busy}
      title={t(`copyHeader.${kind}Hint`)}
      data-testid={`${kind}-copy-header`}
    >
      {t('copyHeader.button')}
    </Button>
  );
}
