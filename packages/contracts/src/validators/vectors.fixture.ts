/**
 * Test vectors for the shared validators, taken from the test suites of well-kept public libraries (and
 * the cases the issue 10 review found), so our rules are checked against other people's examples, not
 * only our own. `ok` is the library's verdict; `src` says where the vector comes from.
 *
 * - validator.js: test/validators/isBIC.test.js, isEmail.test.js, isPostalCode.test.js
 * - ibantools: test/bic.test.ts (isValidBIC) and test/ibantools.test.ts (isValidIBAN)
 * - libphonenumber-js: source/legacy/isValidNumber.test.js and getNumberType.test.js (max metadata),
 *   written in E.164 as our phone fields store them
 * - UK: HMRC's EORI format (GB/XI + 12 or 15 digits, e.g. GB123456789000)
 * - review: the cases listed in issue 10
 */
export interface Vector {
  v: string;
  ok: boolean;
  src: string;
  /** Country for postcode vectors. */
  country?: string;
}

const many = (src: string, ok: boolean, values: string[], country?: string): Vector[] =>
  values.map((v) => ({ v, ok, src, country }));

export const BIC_VECTORS: Vector[] = [
  ...many('validator.js', true, ['SBICKEN1345', 'SBICKEN1', 'SBICKENY', 'SBICKEN1YYP', 'SBICXKN1YYP']),
  ...many('validator.js', false, [
    'SBIC23NXXX',
    'S23CKENXXXX',
    'SBICKENXX',
    'SBICKENXX9',
    'SBICKEN13458',
    'SBICKEN',
    'SBICXK',
  ]),
  ...many('ibantools', true, [
    'ABNANL2A',
    'ABNANL2A000',
    'ABNANL2AXXX',
    'NOLADE21KIE',
    'INGDDEFFXXX',
    'ABNANL2A01F',
  ]),
  ...many('ibantools', false, ['ABNAAA2AXXX', 'INGDEFFXXX', 'ABN4NL2A', 'ABNAXX2A']),
  ...many('review', false, ['DEUTXXFF', 'MULTIPLE']),
];

export const IBAN_VECTORS: Vector[] = [
  ...many('ibantools', true, [
    'NL91ABNA0417164300',
    'NL50PSTB0000054322',
    'AT611904300234573201',
    'DE89370400440532013000',
    'ES9121000418450200051332',
    'GB29NWBK60161331926819',
    'FR1420041010050500013M02606',
    'BE68539007547034',
    'PL10105000997603123456789123',
    'CH4431999123000889012',
    'CZ6508000000192000145399',
    'SK3112000000198742637541',
  ]),
  ...many('ibantools', false, [
    'NL91ABNA0517164300',
    'ES8350210036679521296135',
    'RS36260005601001611379',
    'GB2LABBY09012857201707',
    'GB00HLFX11016111455365',
    'CZ6508000000182000145399',
    'NL08INGB0012345555',
    'SI94BARC102',
    '..',
    'IQ98 NBIQ 8501 2345 6789 012',
  ]),
];

export const PHONE_VECTORS: Vector[] = [
  ...many('libphonenumber-js', true, [
    '+12133734253',
    '+380972423740',
    '+886912345678',
    '+447624369230',
    '+998912345678',
    '+78005553535',
    '+79150000000',
    '+447912345678',
    '+37251234567',
    '+74957777777',
    '+15002345678',
  ]),
  ...many('libphonenumber-js', false, ['+1213373', '+499821958a']),
  ...many('review', false, ['+15550100', '+85212345678', '+99912345678']),
];

export const EMAIL_VECTORS: Vector[] = [
  ...many('validator.js', true, [
    'foo@bar.com',
    'x@x.au',
    'foo@bar.com.au',
    'foo+bar@bar.com',
    'hans.m端ller@test.com',
    'hans@m端ller.com',
    'test|123@m端ller.com',
    'test123+ext@gmail.com',
    'some.name.midd.leNa.me.and.locality+extension@GoogleMail.com',
    `${'a'.repeat(64)}@${'a'.repeat(63)}.com`,
    `${'a'.repeat(31)}@gmail.com`,
    'test@gmail.com',
    'test.1@gmail.com',
    'test@1337.com',
  ]),
  ...many('validator.js', false, [
    'invalidemail@',
    'invalid.com',
    '@invalid.com',
    'foo@bar.com.',
    'foo@_bar.com',
    'somename@ｇｍａｉｌ.com',
    'foo@bar.co.uk.',
    'z@co.c',
    'ｇｍａｉｌｇｍａｉｌｇｍａｉｌｇｍａｉｌｇｍａｉｌ@gmail.com',
    `${'a'.repeat(64)}@${'a'.repeat(251)}.com`,
    `${'a'.repeat(65)}@${'a'.repeat(250)}.com`,
    `${'a'.repeat(64)}@${'a'.repeat(64)}.com`,
    `${'a'.repeat(64)}@${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(58)}.com`,
    'test1@invalid.co m',
    'test12@invalid.co\u3000m',
    'multiple..dots@stillinvalid.com',
    'test123+invalid! sub_address@gmail.com',
    'gmail...ignores...dots...@gmail.com',
    'ends.with.dot.@gmail.com',
    'multiple..dots@gmail.com',
    'wrong()[]",:;<>@@gmail.com',
    '"wrong()[]",:;<>@@gmail.com',
    'username@domain.com\uFFFD',
    'username@domain.com©',
    'nbsp\u00A0test@test.com',
    'nbsp_test@te st.com',
    '"foobar@gmail.com',
    '"foo"bar@gmail.com',
    'foo"bar"@gmail.com',
    '\uD800@example.com',
    '\uDC00@example.com',
    '.foobar@gmail.com',
  ]),
];

export const EORI_VECTORS: Vector[] = [
  ...many('HMRC', true, ['GB123456789000', 'XI123456789000', 'GB123456789012345']),
  ...many('HMRC', false, [
    'GB12345678900',
    'GB1234567890123',
    'GB12345678901A',
    'XI12345678',
    'GBA23456789000',
  ]),
  ...many('EU', true, ['DE1234567', 'NL123456789B01', 'FR12345678901234A', 'GR123456789', 'IE1234567A']),
  ...many('EU', false, ['US123456789', 'CN1234567', 'FR123456789012345X', 'DE', 'EL123456789']),
];

export const ZIP_VECTORS: Vector[] = [
  ...many(
    'validator.js',
    true,
    [
      'L4T 0A5',
      'G1A-0A2',
      'A1A 1A1',
      'X0A-0H0',
      'V5K 0A1',
      'A1C 3S4',
      'A1C3S4',
      'a1c 3s4',
      'V9A 7N2',
      'B3K 5X5',
      'K8N 5W6',
      'K1A 0B1',
      'B1Z 0B9',
    ],
    'CA',
  ),
  ...many(
    'validator.js',
    false,
    ['        ', 'invalid value', 'a1a1a', 'A1A  1A1', 'K1A 0D1', 'W1A 0B1', 'Z1A 0B1'],
    'CA',
  ),
  ...many('validator.js', true, ['150237', '100000'], 'CN'),
  ...many('validator.js', false, ['141234', '386789', 'ab1234'], 'CN'),
  ...many('validator.js', true, ['135-0000', '874-8577', '669-1161', '470-0156', '672-8031'], 'JP'),
  ...many('validator.js', true, ['90210', '10001', '21201', '33142', '27616'], 'US'),
  ...many('validator.js', false, ['asdf', '1', '13', '48380480343', '4294924224'], 'US'),
];
