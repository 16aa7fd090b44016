/** The EORI countries without zod, so screens that only need the lists do not load the schemas. */

/** The 27 EU member states (ISO 3166 alpha-2; Greece is GR, not the EL used by some EU systems). */
// biome-ignore format: a compact list of codes
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

/** Countries outside the EU where an EORI is also mandatory: Switzerland, Norway; XI is Northern Ireland. */
export const EORI_EXTRA_COUNTRIES = ['CH', 'NO', 'XI'] as const;
