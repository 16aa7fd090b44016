// Drizzle tables of the sailing-schedule module (export them from db/schema.ts).
export {};
