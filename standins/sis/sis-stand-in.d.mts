/** Types of the SIS stand-in (sis-stand-in.mjs), for tests written in TypeScript. */
export declare const SIS_STANDIN_PASSWORD: string;
export interface SisStandInAccount {
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
export declare const SIS_STANDIN_ACCOUNTS: SisStandInAccount[];
/** Starts the stand-in; port 0 picks a free port. */
export declare function startSisStandIn(opts?: {
  port?: number;
  host?: string;
  accounts?: SisStandInAccount[];
}): Promise<{ url: string; close(): Promise<void> }>;
