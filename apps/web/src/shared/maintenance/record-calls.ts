import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';

/** What useRecordCalls needs of a recordApi: its record query and its create and update mutations. */
export interface RecordCallsApi<TRecord, TCreate, TUpdate, TId> {
  useOne: (id: TId | null) => UseQueryResult<TRecord>;
  useCreate: () => UseMutationResult<TRecord, Error, TCreate>;
  useUpdate: () => UseMutationResult<TRecord, Error, { id: TId; body: TUpdate }>;
}

/** The key of the record to load: none for a new record or a malformed route key. */
export function loadedKey<TId>(id: TId | 'new' | null): TId | null {
  return id === null || id === 'new' ? null : id;
}

/**
 * A MaintenanceDetail's calls from the feature's recordApi, to spread on it: the record (not fetched for a new
 * one), create, update with the loaded version, and whether a save is under way.
 */
export function useRecordCalls<TRecord, TCreate, TUpdate, TId>(
  recordApi: RecordCallsApi<TRecord, TCreate, TUpdate, TId>,
  id: TId | 'new' | null,
) {
  const query = recordApi.useOne(loadedKey(id));
  const create = recordApi.useCreate();
  const update = recordApi.useUpdate();
  return {
    query,
    create: (body: TCreate) => create.mutateAsync(body),
    update: (rid: TId, body: TUpdate) => update.mutateAsync({ id: rid, body }),
    saving: create.isPending || update.isPending,
  };
}

/**
 * A changed value as the History tab shows it: a dash for none, the feature's yes / no for a flag (when
 * given), else the value as text. A feature words its codes first and falls back to this.
 */
export function recordValueText(value: unknown, flag?: { yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (flag && typeof value === 'boolean') return value ? flag.yes : flag.no;
  return String(value);
}
