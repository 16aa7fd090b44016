/** A Form.Item `normalize` for codes typed in capitals (vessel, voyage, currency, carrier codes). */
export const upperCase = (v?: string) => v?.toUpperCase();
