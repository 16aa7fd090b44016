import { fc, test } from '@fast-check/vitest';
import Big from 'big.js';
import currencyCodes from 'currency-codes';
import { describe, expect, it } from 'vitest';
import {
  amountScaleIssue,
  decimalsOf,
  EXCHANGE_RATE_SCALE,
  formatExchangeRate,
  formatMoney,
  formatMoneyWithCode,
  formatUnitPrice,
  minorUnits,
  money,
  ZAmountAnyCurrency,
  ZMoney,
} from './money';
import { MINOR_UNITS_NOT_2 } from './money-minor-units';

describe('money arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(money.add('0.1', '0.2')).toBe('0.3');
    expect(money.sub('0.3', '0.1')).toBe('0.2');
    expect(money.mul('19.99', 3)).toBe('59.97');
    expect(money.mul('1.15', '100')).toBe('115');
    expect(money.sum(['0.1', '0.2', '0.3', '1000000000000.01'])).toBe('1000000000000.61');
    expect(money.sum([])).toBe('0');
    expect(money.add('99999999999999.99', '0.01')).toBe('100000000000000');
  });

  it('compares by value, not by text', () => {
    expect(money.compare('1.50', '1.5')).toBe(0);
    expect(money.compare('10', '9.99')).toBe(1);
    expect(money.compare('-1', '0')).toBe(-1);
    expect(money.min(['1200.00', '980.5', '1000'])).toBe('980.5');
    expect(money.min([])).toBeUndefined();
  });

  it('rounds half-up (away from zero), like PostgreSQL round(numeric)', () => {
    expect(money.round('2.345', 'USD')).toBe('2.35');
    expect(money.round('2.344', 'USD')).toBe('2.34');
    expect(money.round('-2.345', 'USD')).toBe('-2.35');
    expect(money.round('1.005', 'USD')).toBe('1.01');
    expect(money.round('2.5', 'JPY')).toBe('3');
    expect(money.round('1200', 'JPY')).toBe('1200');
    expect(money.round('1.0005', 'BHD')).toBe('1.001');
    expect(money.round('7', 'BHD')).toBe('7.000');
    expect(money.round('1.2345675', { scale: EXCHANGE_RATE_SCALE })).toBe('1.234568');
    expect(money.round('12', null)).toBe('12.00');
  });

  // round answers a value that needs no rounding by its text (roundExact), the rest through big.js: both
  // must give what big.js gives, for canonical and non-canonical text, negative zeros, any scale.
  test.prop([
    fc.boolean(),
    fc.oneof(fc.constantFrom('0', '00', '01'), fc.stringMatching(/^\d{1,16}$/)),
    fc.option(fc.oneof(fc.constantFrom('0', '0000', '5', '0050'), fc.stringMatching(/^\d{1,8}$/)), {
      nil: undefined,
    }),
    fc.integer({ min: 0, max: 6 }),
  ])('rounds by text exactly as big.js does', (negative, int, frac, dp) => {
    const v = `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`;
    expect(money.round(v, { scale: dp })).toBe(new Big(v).toFixed(dp, Big.roundHalfUp));
  });

  it('rounds the text of a numeric(18, 4) column without big.js and keeps what big.js does at the edges', () => {
    expect(money.round('1234.5000', 'USD')).toBe('1234.50');
    expect(money.round('1234.5000', 'JPY')).toBe('1235');
    expect(money.round('-0.0000', 'USD')).toBe(new Big('-0.0000').toFixed(2));
    expect(money.round('007.50', 'USD')).toBe('7.50');
    expect(money.round('0.0040', 'USD')).toBe('0.00');
    expect(money.round('-0.0050', 'USD')).toBe('-0.01');
  });

  it('refuses floats and malformed strings instead of guessing', () => {
    expect(() => money.add(0.1, '1')).toThrow(TypeError);
    expect(() => money.add('1e3', '1')).toThrow(TypeError);
    expect(() => money.add('1,000', '1')).toThrow(TypeError);
    expect(money.mul('2.50', 4)).toBe('10');
  });
});

describe('minor units (ISO 4217 via currency-codes)', () => {
  it('knows JPY 0, USD 2, BHD 3 and defaults to 2', () => {
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('usd')).toBe(2);
    expect(minorUnits('BHD')).toBe(3);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('CLF')).toBe(4);
    expect(minorUnits(null)).toBe(2);
    expect(minorUnits('ZZZ')).toBe(2);
  });

  it('the generated table matches the currency-codes package (rerun scripts/gen-minor-units.mjs)', () => {
    const fromPackage = Object.fromEntries(
      currencyCodes.data
        .filter((c) => /^[A-Z]{3}$/.test(c.code) && (c.digits ?? 0) !== 2)
        .map((c) => [c.code, c.digits ?? 0]),
    );
    expect(MINOR_UNITS_NOT_2).toEqual(fromPackage);
    for (const c of currencyCodes.data) expect(minorUnits(c.code), c.code).toBe(c.digits ?? 0);
  });
});

describe('ZMoney', () => {
  it('round-trips large amounts exactly and pads to the scale', () => {
    expect(ZMoney().parse('12345678901234.56')).toBe('12345678901234.56');
    expect(ZMoney().parse(' 1200.5 ')).toBe('1200.50');
    expect(ZMoney().parse('0')).toBe('0.00');
    expect(ZMoney({ currency: 'JPY' }).parse('1200')).toBe('1200');
    expect(ZMoney({ currency: 'BHD' }).parse('1.5')).toBe('1.500');
  });

  it('refuses more decimals than the currency has (1.005 in USD), numbers, signs and too many digits', () => {
    const usd = ZMoney({ currency: 'USD', msg: 'msgX' });
    for (const v of ['1.005', '-1', '+1', '1e3', '1,000', '', 'abc', '123456789012345', '.5', '5.']) {
      const r = usd.safeParse(v);
      expect(r.success, v).toBe(false);
    }
    expect(usd.safeParse('1.005').error?.issues[0].message).toBe('msgX');
    expect(usd.safeParse(1.5).success).toBe(false);
    expect(ZMoney({ currency: 'JPY' }).safeParse('1.5').success).toBe(false);
    expect(ZMoney({ currency: 'BHD' }).safeParse('1.0005').success).toBe(false);
    expect(ZMoney({ positive: true }).safeParse('0.00').success).toBe(false);
  });

  it('an amount of another field’s currency: up to 4 decimals, then held to the currency', () => {
    expect(ZAmountAnyCurrency.parse('1.2345')).toBe('1.2345');
    expect(ZAmountAnyCurrency.safeParse('0').success).toBe(false);
    expect(ZAmountAnyCurrency.safeParse('1.23456').success).toBe(false);
    expect(amountScaleIssue('1.5', 'JPY')).toBe('msgAmountScale');
    expect(amountScaleIssue('1.500', 'BHD')).toBeNull();
    expect(amountScaleIssue('1.005', 'USD')).toBe('msgAmountScale');
    expect(decimalsOf('12.50')).toBe(2);
  });
});

describe('formatMoney', () => {
  it('groups in the reader’s language with the currency’s decimals, exactly', () => {
    expect(formatMoney('12345678901234.56', 'USD', 'en-US')).toBe('12,345,678,901,234.56');
    expect(formatMoney('1200', 'JPY', 'en-US')).toBe('1,200');
    expect(formatMoney('1.5', 'BHD', 'zh-HK')).toBe('1.500');
    expect(formatMoney('99999999999999.995', 'USD', 'en-US')).toBe('100,000,000,000,000.00');
    expect(formatMoney(null, 'USD', 'en-US')).toBe('');
  });

  it('formats each language and scale with its own format, whichever was used before (they are kept)', () => {
    expect(formatMoney('1234.5', 'EUR', 'en-US')).toBe('1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'de-DE')).toBe('1.234,50');
    expect(formatMoney('1234.5', 'EUR', 'en-US')).toBe('1,234.50');
    expect(formatUnitPrice('1234.5', 'EUR', 'de-DE')).toBe('1.234,50');
    expect(formatUnitPrice('0.1234', 'EUR', 'de-DE')).toBe('0,1234');
    expect(formatMoney('0.1234', 'EUR', 'de-DE')).toBe('0,12');
  });
});

describe('money display (issue 38: amounts by ISO 4217 digits, prices by their own precision, rates by 6)', () => {
  it('amounts keep exactly the currency digits; unit prices at least those, at most 4; rates 6', () => {
    expect(formatMoney('2500.0000', 'HKD', 'en-US')).toBe('2,500.00');
    expect(formatMoney('5270.0600', 'HKD', 'en-US')).toBe('5,270.06');
    expect(formatMoney('2500.0000', 'JPY', 'en-US')).toBe('2,500');
    expect(formatMoney('12.3450', 'BHD', 'en-US')).toBe('12.345');
    expect(formatUnitPrice('2500.0000', 'HKD', 'en-US')).toBe('2,500.00');
    expect(formatUnitPrice('1200.5000', 'HKD', 'en-US')).toBe('1,200.50');
    expect(formatUnitPrice('0.1234', 'USD', 'en-US')).toBe('0.1234');
    expect(formatUnitPrice('2500', 'JPY', 'en-US')).toBe('2,500');
    expect(formatUnitPrice('2500.5', 'JPY', 'en-US')).toBe('2,500.5');
    expect(formatExchangeRate('7.8', 'en-US')).toBe('7.800000');
    expect(formatExchangeRate('0.128205', 'en-US')).toBe('0.128205');
    expect(formatMoneyWithCode('5270.0600', 'HKD', 'en-US')).toBe('HKD 5,270.06');
  });
});
