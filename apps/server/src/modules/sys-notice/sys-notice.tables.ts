// Drizzle tables of the sys-notice module.
export {};
