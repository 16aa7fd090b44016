import { useCallback, useEffect, useState } from 'react';

/** An object kept in localStorage as JSON (stored fields over defaults), in step with other tabs. */
export function useLocalStorageState<T extends object>(
  key: string,
  initial: T,
): [T, (next: T | ((prev: T) => T)) => void] {
  // `initial` is a default: changing it later does not reset stored state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const read = useCallback((): T => {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? initial : { ...initial, ...(JSON.parse(raw) as T) };
    } catch {
      return initial;
    }
  }, [key]);
  const [value, setValue] = useState<T>(read);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setValue(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key, read]);
  const set = useCallback(
    (next: T | ((prev: T) => T)) => {
      setValue((prev) => {
        const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
        localStorage.setItem(key, JSON.stringify(v));
        return v;
      });
    },
    [key],
  );
  return [value, set];
}
