// The portal's e-mail rule without zod (issue 20: forms check addresses with it statically); email.ts
// re-exports everything here beside its zod schemas.

/** Longest address we accept: RFC 5321 §4.5.3.1.3 limits a path to 256 octets, i.e. 254 for the address. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321 §4.5.3.1.1 (local part) and §4.5.3.1.2 / RFC 1035 (domain label), in UTF-8 octets (RFC 6531). */
const LOCAL_MAX_OCTETS = 64;
const LABEL_MAX_OCTETS = 63;

/**
 * One dot-atom piece of the local part: RFC 5322 `atext` plus, for internationalised addresses (RFC 6531
 * `UTF8-non-ascii`), letters, marks and digits of any script. Quoted local parts ("a b"@x) are refused:
 * RFC 5321 §4.1.2 says mailboxes SHOULD NOT need them, and mail providers' sign-up forms refuse them.
 */
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\p{L}\p{M}\p{N}-]+$/u;
/** A domain label: letters or digits of any script (IDN U-labels) or A-labels, inner hyphens only. */
const DOMAIN_LABEL =
  /^[A-Za-z0-9\p{L}\p{M}\p{N}](?:[A-Za-z0-9\p{L}\p{M}\p{N}-]*[A-Za-z0-9\p{L}\p{M}\p{N}])?$/u;
/** The top-level domain: 2+ letters, or an IDN A-label (xn--…). */
const TLD = /^(?:[\p{L}\p{M}]{2,}|xn--[A-Za-z0-9-]{2,})$/u;
/** Fullwidth forms (ｇｍａｉｌ) look like ASCII but are other characters: refused in the domain (spoofing). */
const FULLWIDTH = /[\uFF00-\uFFEF]/;

const octets = (s: string) => new TextEncoder().encode(s).length;

/**
 * The one e-mail rule of the portal (login ids, party, warehouse and ENS e-mails; server and forms):
 * `local@domain` with
 * - local part: dot-separated atoms (no leading, trailing or consecutive dots), ASCII atext or letters/digits
 *   of any script (RFC 6531), at most 64 octets;
 * - domain: at least two labels, each 1–63 octets of letters/digits (any script, IDN) and inner hyphens,
 *   the last one 2+ letters (or an xn-- A-label); no trailing dot, no IP literals, no fullwidth forms;
 * - at most 254 characters in all.
 */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (octets(local) > LOCAL_MAX_OCTETS) return false;
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;
  if (FULLWIDTH.test(domain)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => DOMAIN_LABEL.test(l) && octets(l) <= LABEL_MAX_OCTETS)) return false;
  return TLD.test(labels[labels.length - 1]);
}
