// Drizzle tables of the user-admin module.
export {};
