import type { Language, TMblListQuery } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { mblExportColumns, mblListKeyOrThrow, mblLists } from './master-bl-lists.repository';

/** The master BL dashboard and lists (001 §9) as the routes call them: an unknown list answers 404. */
export const mblListService = {
  dashboard: (db: DbOrTx, actor: Actor) => mblLists.dashboard(db, actor),
  page: (db: DbOrTx, actor: Actor, listKey: string, q: TMblListQuery) =>
    mblLists.page(db, actor, mblListKeyOrThrow(listKey), q),
  /** A list's rows for its Excel export, with the list key (the file's name) and the columns in `lang`. */
  async export(db: DbOrTx, actor: Actor, listKey: string, q: TMblListQuery, lang: Language) {
    const key = mblListKeyOrThrow(listKey);
    return { key, rows: await mblLists.exportRows(db, actor, key, q), columns: mblExportColumns(lang) };
  },
};
