import type { Db } from '../../platform/db/client';
import { rebuildAnalytics } from './analytics.refresh';

/** Demo history for the analytics pages (filled in below). */
export async function seedDemoAnalyticsHistory(db: Db) {
  await rebuildAnalytics(db);
}
