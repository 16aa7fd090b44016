// Drizzle tables of the party-group module (export them from db/schema.ts).
export {};
