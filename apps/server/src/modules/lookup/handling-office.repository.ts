import type { TOfficeOption } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/** Port → handling office queries behind GET /party/getPOLHandlingOffice. */
export const handlingOfficeRepository = {
  /**
   * Offices handling `pol`: those mapped to it in port_handling_offices (in their sort order) first, then the
   * offices of the port's country when `pol` is a known port or UN/LOCODE. With `group` set, only offices of
   * that office group (`{ id: null }` keeps none).
   */
  async handlingOffices(
    db: DbOrTx,
    pol: string,
    group: { id: string | null } | null,
  ): Promise<TOfficeOption[]> {
    const groupFilter = group ? sql`where o.group_id = ${group.id}` : sql``;
    const { rows } = await db.execute<TOfficeOption>(sql`
      with handling as (
        select pho.office_code as code, pho.sort_order as rank
          from port_handling_offices pho
         where pho.un_code = ${pol}
        union all
        select o.code, 32767
          from offices o
         where o.country_code = left(${pol}, 2)
           and (exists (select 1 from ports p where p.un_code = ${pol})
                or exists (select 1 from un_locodes l where l.locode = ${pol}))
      )
      select o.office_id as party_id, o.short_name, o.group_id
        from (select code, min(rank) as rank from handling group by code) h
        join offices o on o.code = h.code
        ${groupFilter}
       order by h.rank, o.code`);
    return rows;
  },

  /** One office in the Office option shape, or null. */
  async office(db: DbOrTx, officeId: number): Promise<TOfficeOption | null> {
    const { rows } = await db.execute<TOfficeOption>(
      sql`select office_id as party_id, short_name, group_id from offices where office_id = ${officeId}`,
    );
    return rows[0] ?? null;
  },

  /** The profile's owner and its office group (user_profiles.office_id → offices.group_id), or null. */
  async profileGroup(db: DbOrTx, userProfileId: number) {
    const { rows } = await db.execute<{ user_uid: string; group_id: string | null }>(sql`
      select up.user_uid, o.group_id
        from user_profiles up left join offices o on o.office_id = up.office_id
       where up.user_profile_id = ${userProfileId}`);
    return rows[0] ?? null;
  },
};
