import { sql } from 'drizzle-orm';
import { carriers, offices, partyAccesses, profileTypes, roles, userProfiles, users } from '../db/schema';
import { recordPostedForSeed, seedDemoPosting } from '../modules/accounting';
import { seedDemoAnalyticsHistory } from '../modules/analytics';
import { seedDemoBookings } from '../modules/booking';
import { seedDemoApproval } from '../modules/booking-approval';
import { seedDemoCarrierAnalytics } from '../modules/carrier-analytics';
import { seedDemoCarrierConnection } from '../modules/carrier-link';
import { seedDemoCo2e } from '../modules/co2e';
import { flagPlannedSos, seedDemoConsolidations } from '../modules/consolidation';
import { rebuildFinance, seedDemoFinance } from '../modules/finance';
import { rebuildGp, seedDemoFinanceHistory } from '../modules/gp-report';
import { seedDemoInvoices, seedDemoInvoicesAfterApproval, seedDemoPrintedInvoices } from '../modules/invoice';
import { seedDemoMasterBls } from '../modules/master-bl';
import { seedDemoNotifications } from '../modules/notification';
import { seedDemoPageViews } from '../modules/operation-alert';
import { seedDemoParties } from '../modules/party';
import { seedDemoMasterData } from '../modules/party-group';
import { seedDemoPeriodClose } from '../modules/period';
import { seedDemoRates } from '../modules/rate';
import { seedDemoReports } from '../modules/report-writer';
import { seedDemoSailings } from '../modules/sailing-schedule';
import { seedSequenceRules } from '../modules/sequence';
import { seedDemoSettlements } from '../modules/settlement';
import { seedDemoSopms } from '../modules/sopms';
import { seedDemoTemplates } from '../modules/template';
import { seedDemoWebhooks } from '../modules/webhook';
import { hashPassword } from '../platform/auth/password';
import type { Db } from '../platform/db/client';
import { rebuildSearchIndex } from '../platform/search/document-numbers';
import { DEMO_ADMIN, DEMO_FINANCE, DEMO_OPS } from '../platform/seed/demo-people';

export const DEMO_PASSWORD = 'Demo-Portal-2026';

export const DEMO_OFFICES = [
  {
    code: 'HKG',
    short_name: 'HKG HO',
    full_name: 'Hong Kong Head Office',
    group_id: 'SCH',
    country_code: 'HK',
    is_head_office: 1,
  },
  {
    code: 'SZX',
    short_name: 'SZX',
    full_name: 'Shenzhen Office',
    group_id: 'SCH',
    country_code: 'CN',
    is_head_office: 0,
  },
  {
    code: 'SHA',
    short_name: 'SHA',
    full_name: 'Shanghai Office',
    group_id: 'NCH',
    country_code: 'CN',
    is_head_office: 0,
  },
  {
    code: 'NGB',
    short_name: 'NGB',
    full_name: 'Ningbo Office',
    group_id: 'NCH',
    country_code: 'CN',
    is_head_office: 0,
  },
  {
    code: 'SIN',
    short_name: 'SIN',
    full_name: 'Singapore Office',
    group_id: 'SEA',
    country_code: 'SG',
    is_head_office: 0,
  },
];

/** Demo accounts: login, names, super-user flag and profiles as [profile type, role, office]. */
export const DEMO_USERS: {
  login_id: string;
  first_name: string;
  last_name: string;
  is_super_user?: boolean;
  profiles: [string, string, string][];
  note: string;
}[] = [
  {
    ...DEMO_ADMIN,
    profiles: [['ADMIN', 'ADMIN', 'HKG']],
    note: 'all functions',
  },
  {
    ...DEMO_OPS,
    profiles: [['OPERATIONS', 'OPERATIONS', 'HKG']],
    note: 'operations',
  },
  {
    login_id: 'supervisor@demo.test',
    first_name: 'Sally',
    last_name: 'Supervisor',
    profiles: [['SUPERVISOR', 'SUPERVISOR', 'HKG']],
    note: 'operations supervisor',
  },
  {
    login_id: 'manager@demo.test',
    first_name: 'Mandy',
    last_name: 'Manager',
    profiles: [['MANAGER', 'MANAGER', 'HKG']],
    note: 'manager',
  },
  {
    ...DEMO_FINANCE,
    profiles: [['FINANCE', 'FINANCE', 'HKG']],
    note: 'finance',
  },
  {
    login_id: 'ops.sha@demo.test',
    first_name: 'Olivia',
    last_name: 'Ops',
    profiles: [['OPERATIONS', 'OPERATIONS', 'SHA']],
    note: 'operations at the Shanghai office (adds shared templates)',
  },
  {
    login_id: 'agent@demo.test',
    first_name: 'Alan',
    last_name: 'Agent',
    profiles: [['AGENT', 'AGENT', 'SHA']],
    note: 'AGENT profile',
  },
  {
    login_id: 'consignee@demo.test',
    first_name: 'Connie',
    last_name: 'Consignee',
    profiles: [['CONSIGNEE', 'CONSIGNEE', 'NGB']],
    note: 'CONSIGNEE profile',
  },
  {
    login_id: 'shipper@demo.test',
    first_name: 'Sam',
    last_name: 'Shipper',
    profiles: [['SHIPPER', 'SHIPPER', 'SZX']],
    note: 'SHIPPER profile',
  },
  {
    login_id: 'super@demo.test',
    first_name: 'Sue',
    last_name: 'Super',
    is_super_user: true,
    profiles: [['SUPPORT', 'SUPPORT', 'HKG']],
    note: 'super user with the change-user right',
  },
  {
    login_id: 'multi@demo.test',
    first_name: 'Max',
    last_name: 'Multi',
    profiles: [
      ['OPERATIONS', 'OPERATIONS', 'HKG'],
      ['AGENT', 'AGENT', 'SHA'],
    ],
    note: 'two profiles: operations and agent',
  },
];

/** Real ocean carriers with their SCAC codes. */
export const DEMO_CARRIERS: [code: string, scac: string, display: string, full: string, alliance: string][] =
  [
    ['MAEU', 'MAEU', 'Maersk', 'A.P. Moller - Maersk A/S', 'GEMINI'],
    ['MSCU', 'MSCU', 'MSC', 'Mediterranean Shipping Company S.A.', 'MSC'],
    ['CMDU', 'CMDU', 'CMA CGM', 'CMA CGM S.A.', 'OCEAN'],
    ['COSU', 'COSU', 'COSCO', 'COSCO Shipping Lines Co., Ltd.', 'OCEAN'],
    ['HLCU', 'HLCU', 'Hapag-Lloyd', 'Hapag-Lloyd AG', 'GEMINI'],
    ['ONEY', 'ONEY', 'ONE', 'Ocean Network Express Pte. Ltd.', 'PREMIER'],
    ['EGLV', 'EGLV', 'Evergreen', 'Evergreen Marine Corporation', 'OCEAN'],
    ['YMLU', 'YMLU', 'Yang Ming', 'Yang Ming Marine Transport Corporation', 'PREMIER'],
    ['HDMU', 'HDMU', 'HMM', 'HMM Co., Ltd.', 'PREMIER'],
    ['ZIMU', 'ZIMU', 'ZIM', 'ZIM Integrated Shipping Services Ltd.', 'NONE'],
    ['OOLU', 'OOLU', 'OOCL', 'Orient Overseas Container Line Ltd.', 'OCEAN'],
    ['WHLC', 'WHLC', 'Wan Hai', 'Wan Hai Lines Ltd.', 'NONE'],
    ['PABV', 'PABV', 'PIL', 'Pacific International Lines Pte. Ltd.', 'NONE'],
    ['SMLU', 'SMLU', 'SM Line', 'SM Line Corporation', 'NONE'],
    ['MATS', 'MATS', 'Matson', 'Matson Navigation Company, Inc.', 'NONE'],
    ['SITC', 'SITU', 'SITC', 'SITC Container Lines Co., Ltd.', 'NONE'],
    ['KMTC', 'KMTU', 'KMTC', 'Korea Marine Transport Co., Ltd.', 'NONE'],
    ['ANL', 'ANNU', 'ANL', 'ANL Container Line Pty Ltd.', 'OCEAN'],
  ];

/** Seeds offices, demo users and carriers into an empty database. Never called in production. */
export async function seedDemo(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if (rows[0].n > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(offices).values(DEMO_OFFICES).onConflictDoNothing();
    const officeRows = await tx.select().from(offices);
    const roleRows = await tx.select().from(roles);
    const typeRows = await tx.select().from(profileTypes);
    const officeId = new Map(officeRows.map((o) => [o.code, o.office_id]));
    const roleId = new Map(roleRows.map((r) => [r.code, r.role_id]));
    const typeId = new Map(typeRows.map((t) => [t.code, t.profile_type_id]));
    for (const u of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          login_id: u.login_id,
          password_hash: hash,
          first_name: u.first_name,
          last_name: u.last_name,
          is_super_user: u.is_super_user ?? false,
          password_changed_at: sql`now()` as never,
          created_by: 'seed',
          updated_by: 'seed',
        })
        .returning();
      let order = 0;
      for (const [type, role, office] of u.profiles) {
        const [p] = await tx
          .insert(userProfiles)
          .values({
            user_uid: user.user_uid,
            profile_type_id: typeId.get(type)!,
            role_id: roleId.get(role)!,
            office_id: officeId.get(office)!,
            user_level_id: 1,
            sort_order: order++,
          })
          .returning();
        const internal = typeRows.find((t) => t.code === type)?.is_internal;
        await tx
          .insert(partyAccesses)
          .values(
            internal
              ? [{ user_profile_id: p.user_profile_id, party_type_id: 'ALL', all_party: true }]
              : [{ user_profile_id: p.user_profile_id, party_type_id: type, all_party: false }],
          );
      }
    }
    await tx.insert(carriers).values(
      DEMO_CARRIERS.map(([carrier_code, scac, display_name, full_name, alliance]) => ({
        carrier_code,
        scac,
        display_name,
        full_name,
        alliance,
        carrier_type: 'OCEAN',
        effective_from: '2020-01-01',
        status: 'A' as const,
        created_by: 'seed',
        updated_by: 'seed',
      })),
    );
    // Parties for the pickers of routing templates and bookings (demo only, like everything here).
    await seedDemoParties(tx);
    await seedSequenceRules(tx);
    await seedDemoMasterData(tx);
  });
  await seedDemoSailings(db);
  await seedDemoRates(db);
  await seedDemoBookings(db);
  await seedDemoApproval(db);
  await seedDemoInvoices(db);
  // Signatures of the invoice users; invoices released, printed and accounting-printed by them.
  await seedDemoPrintedInvoices(db);
  // Exported, imported, queued, reversed, inter-account and grouped invoices (invoice-batch.seed.ts).
  await seedDemoInvoicesAfterApproval(db);
  // Sun A/C codes of the demo parties; imported invoices waiting to be posted, one not ready (accounting.seed.ts).
  await seedDemoPosting(db);
  // SOPMS templates and an invoice awaiting 1st approval that breaks them (sopms.seed.ts).
  await seedDemoSopms(db);
  // Twelve months of AR/AP history on jobs in every office, mostly posted (gp-report/finance-history.seed.ts).
  await seedDemoFinanceHistory(db);
  // A posted month in HKG ready to close, and an exported invoice awaiting its document (period.seed.ts).
  await seedDemoPeriodClose(db, recordPostedForSeed);
  // A few open receivables over every ageing bucket when no invoice history is seeded (finance.seed.ts).
  await seedDemoFinance(db);
  // Receipts and payments on part of the posted invoices (settlement.seed.ts); after every posted-invoice seed.
  await seedDemoSettlements(db);
  await seedDemoConsolidations(db);
  await seedDemoMasterBls(db);
  await seedDemoNotifications(db);
  await seedDemoWebhooks(db);
  // COSU connected to the carrier DCSA stand-in (issue 42; docs/carrier-link.md "Demo").
  await seedDemoCarrierConnection(db);
  // 60 days of screen usage for the usage pages (operation-alert.seed.ts).
  await seedDemoPageViews(db);
  // Template library: a dozen templates across privacy levels, share code HKGEXPORT01 (template.seed.ts).
  await seedDemoTemplates(db);
  // Report writer: one weekly report per demo manager, shared with the manager's office (report-writer.seed.ts).
  await seedDemoReports(db);
  // GP aggregates from every invoice the seeds wrote, hook or not (docs/gp-reports.md).
  await rebuildGp(db);
  // Analytics: 12 months of bookings over offices, carriers, lanes and modes, then the shipment facts and
  // cubes rebuilt from every order any seed wrote (analytics.seed.ts, docs/analytics.md).
  await seedDemoAnalyticsHistory(db);
  // CO2e of every order any seed wrote, then sailings, actuals, roll-overs and MQC contracts (issue 17).
  await seedDemoCo2e(db);
  await seedDemoCarrierAnalytics(db);
  // The finance dashboard's aggregates from every invoice and order (docs/finance.md "Aggregates"), after every seed that writes
  // orders: the analytics history's jobs were written past the hooks after the first rebuild, so late
  // invoicing counted none of them while PendingCreation listed them Overdue (issue 38).
  await rebuildFinance(db);
  // Every demo document in the global search's index, whichever seed wrote it (docs/search.md).
  await rebuildSearchIndex(db);
  // The SOs of plans a seed wrote by SQL leave pending consolidation creation (docs/consolidation.md).
  await flagPlannedSos(db);
  return true;
}
