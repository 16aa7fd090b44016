// Drizzle tables of the registration module.
export {};
