// Drizzle tables of the party module (export them from db/schema.ts).
export {};
