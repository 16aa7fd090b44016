import type { FuncId, TSelectionOption } from '@portal/contracts';
import type { Actor } from '../access/access';
import type { Db } from '../db/client';

/** Options served by POST /Master/GetInSelectionOptions for one fetchOptionKey. */
export interface SelectionProvider {
  /** Function id the caller needs, if the list is not for every signed-in user. */
  funcId?: FuncId;
  search(opts: {
    db: Db;
    actor: Actor;
    searchText: string | null;
    searchValues: string[] | null;
    skipDataAccessCheck: boolean;
    limit: number;
  }): Promise<TSelectionOption[]>;
}

const providers = new Map<string, SelectionProvider>();

/** Modules register their option lists here under a fetchOptionKey. */
export function registerSelectionProvider(key: string, provider: SelectionProvider) {
  providers.set(key, provider);
}

export const selectionProvider = (key: string) => providers.get(key);
export const selectionKeys = () => [...providers.keys()];
