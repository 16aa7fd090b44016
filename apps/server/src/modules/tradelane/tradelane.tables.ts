// Drizzle tables of the tradelane module (export them from db/schema.ts).
export {};
