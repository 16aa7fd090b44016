import type { TPartyDuplicate } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkPartyDuplicates } from './party-api';

const DEBOUNCE_MS = 800;

/** Checks for similar parties a moment after the name or address stops changing. */
export function usePartyDuplicates(excludeId: number | null) {
  const [matches, setMatches] = useState<TPartyDuplicate[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef('');
  const check = useCallback(
    (v: { full_name?: unknown; address1?: unknown; address2?: unknown; city?: unknown }) => {
      const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
      const body = {
        full_name: str(v.full_name),
        address1: str(v.address1) || null,
        address2: str(v.address2) || null,
        city: str(v.city) || null,
        exclude_party_id: excludeId,
      };
      const key = JSON.stringify(body);
      if (key === last.current) return;
      last.current = key;
      clearTimeout(timer.current);
      if (body.full_name.length < 3) {
        setMatches([]);
        return;
      }
      timer.current = setTimeout(() => {
        checkPartyDuplicates(body)
          .then((r) => {
            if (last.current === key) setMatches(r.matches);
          })
          .catch(() => undefined); // a warning only: a failed check must not disturb the form
      }, DEBOUNCE_MS);
    },
    [excludeId],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { matches, check };
}
