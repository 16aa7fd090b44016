// The demo users who author the demo data (issue 39): what users see as a document's creator, owner or history
// actor is a person of the demo ("Oscar Ops"), never a seed label ("seed", "Demo Seed"). demo.ts creates these
// users; module seeds write their names.

/** The operations user: bookings, approvals, consolidations and master bills of the demo. */
export const DEMO_OPS = { login_id: 'ops@demo.test', first_name: 'Oscar', last_name: 'Ops' } as const;
/** The administrator: master data of the demo. */
export const DEMO_ADMIN = { login_id: 'admin@demo.test', first_name: 'Ada', last_name: 'Admin' } as const;

/** The finance user: invoices it approves, exports and posts. */
export const DEMO_FINANCE = {
  login_id: 'finance@demo.test',
  first_name: 'Fiona',
  last_name: 'Finance',
} as const;

/** "Oscar Ops": a user's name as records keep it (access.ts actorName). */
export const personName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;
/** The name the demo's operations documents carry as their creator and owner. */
export const DEMO_OPS_NAME = personName(DEMO_OPS);
