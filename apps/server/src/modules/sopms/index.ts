/** The SOPMS module's public entry: what app.ts, the seeds and the bench may use (docs/sopms.md). */
export { candidateSql, probeKeys, sopmsRepository } from './sopms.repository';
export { sopmsRoutes } from './sopms.routes';
export { seedDemoSopms } from './sopms.seed';
export { sopmsService } from './sopms.service';
export { sopmsOverrides, sopmsRules, sopmsTemplates } from './sopms.tables';
