// Drizzle tables of the routing-template module (export them from db/schema.ts).
export {};
