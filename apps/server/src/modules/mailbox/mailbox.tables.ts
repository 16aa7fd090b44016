// Drizzle tables of the mailbox module.
export {};
