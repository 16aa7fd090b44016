import {
  SELECT_SEARCH_DEBOUNCE_MS,
  SELECT_SEARCH_MIN_CHARS,
  type TSelectionOption,
  type TSelectionOptionsRequest,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/http';

/** POST /Master/GetInSelectionOptions. */
export const fetchSelectionOptions = (body: TSelectionOptionsRequest, signal?: AbortSignal) =>
  api.post<TSelectionOption[]>('/Master/GetInSelectionOptions', body, { signal });

/** True when typed text is long enough to search (at least SELECT_SEARCH_MIN_CHARS characters). */
export const isSearchable = (text: string) => text.trim().length >= SELECT_SEARCH_MIN_CHARS;

/** Selected values as an array. */
export const valuesOf = (value: string | string[] | null | undefined): string[] =>
  value == null ? [] : Array.isArray(value) ? value.filter(Boolean) : value ? [value] : [];

/** Options to show: labels of the selected values first, then search results, without duplicates. */
export function mergeOptions(selected: TSelectionOption[], found: TSelectionOption[]): TSelectionOption[] {
  const seen = new Set<string>();
  return [...selected, ...found].filter((o) => !seen.has(o.value) && seen.add(o.value));
}

export type SearchPhase = 'idle' | 'waiting' | 'loading' | 'done';

/**
 * Server-side option search for one fetchOptionKey: searches after SELECT_SEARCH_MIN_CHARS typed
 * characters, SELECT_SEARCH_DEBOUNCE_MS after the last keystroke, cancelling an older call; resolves the
 * labels of selected values with `searchValue`.
 */
export function useOptionSearch(opts: {
  fetchOptionKey: string;
  value: string | string[] | null | undefined;
  skipDataAccessCheck?: boolean;
  debounceMs?: number;
}) {
  const { fetchOptionKey, skipDataAccessCheck } = opts;
  const debounceMs = opts.debounceMs ?? SELECT_SEARCH_DEBOUNCE_MS;
  const [found, setFound] = useState<TSelectionOption[]>([]);
  const [phase, setPhase] = useState<SearchPhase>('idle');
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [known, setKnown] = useState<Map<string, string>>(() => new Map());

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    abort.current?.abort();
    abort.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const search = useCallback(
    (typed: string) => {
      setText(typed);
      cancel();
      if (!isSearchable(typed)) {
        setFound([]);
        setPhase('idle');
        return;
      }
      setPhase('waiting');
      timer.current = setTimeout(async () => {
        const ctrl = new AbortController();
        abort.current = ctrl;
        setPhase('loading');
        try {
          const rows = await fetchSelectionOptions(
            { fetchOptionKey, searchText: typed.trim(), skipDataAccessCheck },
            ctrl.signal,
          );
          if (ctrl.signal.aborted) return;
          setFound(rows);
          setKnown((m) => new Map([...m, ...rows.map((r) => [r.value, r.text] as const)]));
        } catch {
          if (ctrl.signal.aborted) return;
          setFound([]);
        }
        setPhase('done');
      }, debounceMs);
    },
    [cancel, fetchOptionKey, skipDataAccessCheck, debounceMs],
  );

  // Saved values whose labels are not known yet are resolved with searchValue.
  const values = valuesOf(opts.value);
  const unknown = values.filter((v) => !known.has(v)).sort();
  const labels = useQuery({
    queryKey: ['selection-labels', fetchOptionKey, unknown],
    queryFn: ({ signal }) =>
      fetchSelectionOptions({ fetchOptionKey, searchValue: unknown, skipDataAccessCheck }, signal),
    enabled: unknown.length > 0,
    staleTime: 5 * 60_000,
  });
  const resolved = new Map(known);
  for (const o of labels.data ?? []) resolved.set(o.value, o.text);
  const selected = values.map((v) => ({ value: v, text: resolved.get(v) ?? v }));

  const remember = useCallback(
    (chosen: string[]) => {
      setKnown((m) => {
        const next = new Map(m);
        for (const o of found) if (chosen.includes(o.value)) next.set(o.value, o.text);
        return next;
      });
    },
    [found],
  );

  return {
    options: mergeOptions(selected, found),
    foundCount: found.length,
    phase,
    text,
    search,
    remember,
    cancel,
  };
}
