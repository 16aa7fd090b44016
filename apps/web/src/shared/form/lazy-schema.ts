import { useEffect, useState } from 'react';
import type { z } from 'zod';

/** The contracts module, loaded on demand: its zod schemas stay out of a page's first load (issue 20). */
export type Contracts = typeof import('@portal/contracts/schemas');

/** Picks a schema from the contracts once they are loaded, e.g. `(c) => c.ZCarrierFields.shape.scac`. */
export type SchemaPick = (c: Contracts) => z.ZodType;

/** A schema given directly, or picked from the contracts once they are loaded. */
export type SchemaRef = z.ZodType | SchemaPick;

let contracts: Promise<Contracts> | undefined;

/** Loads the contracts' schemas (one chunk, fetched on the first check of any form). */
export function loadContracts(): Promise<Contracts> {
  contracts ??= import('@portal/contracts/schemas');
  return contracts;
}

export async function resolveSchema(ref: SchemaRef): Promise<z.ZodType> {
  return typeof ref === 'function' ? ref(await loadContracts()) : ref;
}

/**
 * The fields of a contracts object schema, each as a lazy pick:
 * `const F = fieldsOf((c) => c.ZWarehouseFields)` then `zodRule(F('warehouse_code'))`.
 */
export function fieldsOf<S extends z.ZodObject>(pick: (c: Contracts) => S) {
  return <K extends keyof S['shape'] & string>(key: K): SchemaPick =>
    (c) =>
      pick(c).shape[key] as z.ZodType;
}

/** The contracts module once loaded (undefined until then), for a screen that parses with a schema. */
export function useContracts(): Contracts | undefined {
  const [loaded, setLoaded] = useState<Contracts>();
  useEffect(() => {
    let live = true;
    void loadContracts().then((c) => live && setLoaded(() => c));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}
