// Drizzle tables of the rate module (export them from db/schema.ts).
export {};
