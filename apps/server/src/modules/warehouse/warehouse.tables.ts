// Drizzle tables of the warehouse module (export them from db/schema.ts).
export {};
