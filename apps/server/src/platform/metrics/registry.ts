import client from 'prom-client';

/**
 * The process's one Prometheus registry (docs/operations.md "Metrics"). Modules add their own counters,
 * gauges and histograms through `counter`/`gauge`/`histogram` below (get-or-create by name, so a module
 * loaded twice, as in tests that build several apps, does not throw), and gauges that need a query
 * through `onScrape`. Names start with `portal_`; Node's default metrics keep their standard names.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

type Labels<L extends string> = readonly L[];

export function counter<L extends string = never>(
  name: string,
  help: string,
  labelNames: Labels<L> = [],
): client.Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as client.Counter<L>;
  return new client.Counter<L>({ name, help, labelNames: [...labelNames], registers: [registry] });
}

export function gauge<L extends string = never>(
  name: string,
  help: string,
  labelNames: Labels<L> = [],
): client.Gauge<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as client.Gauge<L>;
  return new client.Gauge<L>({ name, help, labelNames: [...labelNames], registers: [registry] });
}

export function histogram<L extends string = never>(
  name: string,
  help: string,
  labelNames: Labels<L> = [],
  buckets?: number[],
): client.Histogram<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as client.Histogram<L>;
  return new client.Histogram<L>({
    name,
    help,
    labelNames: [...labelNames],
    registers: [registry],
    ...(buckets ? { buckets } : {}),
  });
}

/** What a scrape collector gets: the database of the app being scraped. */
export interface ScrapeContext<D> {
  db: D;
}

type Collector = (ctx: ScrapeContext<never>) => Promise<void> | void;
const collectors = new Map<string, Collector>();

/**
 * Registers a function that refreshes gauges right before each scrape (a queue depth, a backlog): it gets
 * the scraped app's database, must be quick (one aggregate query), and its failure only logs and leaves the
 * previous values. Registering the same name again replaces it.
 */
export function onScrape<D>(name: string, fn: (ctx: ScrapeContext<D>) => Promise<void> | void) {
  collectors.set(name, fn as Collector);
}

/** Runs every collector, then answers the registry in Prometheus text format. */
export async function scrape<D>(
  ctx: ScrapeContext<D>,
  log: (name: string, error: unknown) => void,
): Promise<{ contentType: string; body: string }> {
  await Promise.all(
    [...collectors].map(async ([name, fn]) => {
      try {
        await fn(ctx as ScrapeContext<never>);
      } catch (e) {
        scrapeErrors.inc({ collector: name });
        log(name, e);
      }
    }),
  );
  return { contentType: registry.contentType, body: await registry.metrics() };
}

const scrapeErrors = counter('portal_metrics_collector_errors_total', 'Scrape collectors that failed', [
  'collector',
]);
