const iso = (v: string) => new Date(v).toISOString();

type Audited = {
  version: number;
  created_at: string;
  created_by: unknown;
  updated_at: string;
  updated_by: unknown;
};

/** A master record's version and who created and last changed it when, as the wire has them (ISO times). */
export const presentAudit = <R extends Audited>(
  r: R,
): {
  version: number;
  created_at: string;
  created_by: R['created_by'];
  updated_at: string;
  updated_by: R['updated_by'];
} => ({
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
