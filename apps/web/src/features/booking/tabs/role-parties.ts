/** The roles not yet on a party list (each role stands once), in the catalogue's order. */
export function freeRoles<R extends string>(
  roles: readonly R[],
  parties: readonly ({ role?: string } | undefined)[],
): R[] {
  const used = new Set(parties.map((p) => p?.role));
  return roles.filter((r) => !used.has(r));
}
