// Drizzle tables of the public-file module.
export {};
