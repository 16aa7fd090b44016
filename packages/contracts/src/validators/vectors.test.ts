import { describe, expect, it } from 'vitest';
import { isValidZip } from './address';
import { ibanElectronic, isBic, isIban } from './bic';
import { isEmail } from './email';
import { isEori } from './eori';
import { isPhone } from './phone';
import {
  BIC_VECTORS,
  EMAIL_VECTORS,
  EORI_VECTORS,
  IBAN_VECTORS,
  PHONE_VECTORS,
  type Vector,
  ZIP_VECTORS,
} from './vectors.fixture';

const label = (x: Vector) => `${x.src} ${x.country ?? ''} ${JSON.stringify(x.v).slice(0, 60)} → ${x.ok}`;

describe('validators against public libraries’ test vectors', () => {
  it.each(BIC_VECTORS.map((x) => [label(x), x] as const))('BIC %s', (_, x) => expect(isBic(x.v)).toBe(x.ok));
  it.each(IBAN_VECTORS.map((x) => [label(x), x] as const))('IBAN %s', (_, x) =>
    expect(isIban(x.v)).toBe(x.ok),
  );
  it.each(PHONE_VECTORS.map((x) => [label(x), x] as const))('phone %s', (_, x) =>
    expect(isPhone(x.v)).toBe(x.ok),
  );
  it.each(EMAIL_VECTORS.map((x) => [label(x), x] as const))('e-mail %s', (_, x) =>
    expect(isEmail(x.v)).toBe(x.ok),
  );
  it.each(EORI_VECTORS.map((x) => [label(x), x] as const))('EORI %s', (_, x) =>
    expect(isEori(x.v)).toBe(x.ok),
  );
  it.each(ZIP_VECTORS.map((x) => [label(x), x] as const))('postcode %s', (_, x) =>
    expect(isValidZip(x.country, x.v)).toBe(x.ok),
  );
});

describe('where the portal is stricter than a library, on purpose', () => {
  it('refuses quoted local parts that validator.js accepts (RFC 5321 §4.1.2: SHOULD NOT be needed)', () => {
    for (const v of ['"foobar"@example.com', '"  foo  m端ller "@example.com', '"foo\\@bar"@example.com'])
      expect(isEmail(v), v).toBe(false);
  });
  it('takes IBANs typed with spaces or hyphens once brought to electronic format', () => {
    expect(ibanElectronic('IQ98 NBIQ 8501 2345 6789 012')).toBe('IQ98NBIQ850123456789012');
    expect(isIban(ibanElectronic('nl91 abna 0417-1643 00'))).toBe(true);
  });
});
