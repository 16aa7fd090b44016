import { REG_MSG } from '@portal/contracts';
import { AppError } from '../../platform/errors/app-error';

/** A SIS account as the SIS directory describes it (codes of profile type, role, office, parties...). */
export interface SisAccount {
  user_id: string;
  email: string;
  family_name: string;
  given_name: string;
  address: (string | null)[];
  country_code: string | null;
  phone: string | null;
  fax: string | null;
  company: string | null;
  department: string | null;
  position: string | null;
  profiles: {
    profile_type: string;
    role: string;
    office: string | null;
    parties: string[];
    party_groups: string[];
    tradelanes: string[];
  }[];
}

/** What the adapter answers: the account, or that the credentials are wrong. */
export type SisAuthResult = { ok: true; account: SisAccount } | { ok: false };

const TIMEOUT_MS = 5000;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Reads the directory's JSON defensively: another system's answer is input like any other. */
function parseAccount(raw: unknown): SisAccount | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const user_id = str(r.user_id);
  const email = str(r.email);
  if (!user_id || !email) return null;
  const profiles = Array.isArray(r.profiles) ? r.profiles : [];
  return {
    user_id,
    email,
    family_name: str(r.family_name) ?? '',
    given_name: str(r.given_name) ?? '',
    address: Array.isArray(r.address) ? r.address.slice(0, 4).map(str) : [],
    country_code: str(r.country_code),
    phone: str(r.phone),
    fax: str(r.fax),
    company: str(r.company),
    department: str(r.department),
    position: str(r.position),
    profiles: profiles
      .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
      .map((p) => ({
        profile_type: str(p.profile_type) ?? '',
        role: str(p.role) ?? '',
        office: str(p.office),
        parties: strs(p.parties),
        party_groups: strs(p.party_groups),
        tradelanes: strs(p.tradelanes),
      })),
  };
}

/**
 * Adapter to the SIS account directory (another system, 000 §4 Registration with SIS) at `SIS_URL`.
 * Unset, unreachable or answering nonsense → 503 msgRegSisUnavailable.
 */
export function sisAdapter(baseUrl: string | undefined) {
  return {
    /** Checks a SIS user id and password; answers the account when they are right. */
    async authenticate(userId: string, password: string): Promise<SisAuthResult> {
      if (!baseUrl) throw new AppError(503, REG_MSG.sisUnavailable);
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/sis/api/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: userId.toLowerCase(), password }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new AppError(503, REG_MSG.sisUnavailable);
      }
      if (res.status === 401 || res.status === 403) return { ok: false };
      if (!res.ok) throw new AppError(503, REG_MSG.sisUnavailable);
      const body = (await res.json().catch(() => null)) as { user?: unknown } | null;
      const account = parseAccount(body?.user);
      if (!account) throw new AppError(503, REG_MSG.sisUnavailable);
      return { ok: true, account };
    },
  };
}
export type SisAdapter = ReturnType<typeof sisAdapter>;
