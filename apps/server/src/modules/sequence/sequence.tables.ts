// Drizzle tables of the sequence module (export them from db/schema.ts).
export {};
