// Drizzle tables of the role module.
export {};
