import { describe, expect, it } from 'vitest';
import { beneficiaryNameDisallowedChars, isBeneficiaryName, zBeneficiaryName } from './beneficiary-name';

describe('beneficiary name', () => {
  it("accepts letters, digits, space and / - ? : ( ) . , ' +", () => {
    for (const v of ['ACME Logistics (H.K.) Ltd.', "O'Neil Trading Co., Ltd", 'Unit 5/F - Block A: 1+1 ?'])
      expect(isBeneficiaryName(v), v).toBe(true);
  });
  it('refuses special characters and names them', () => {
    for (const v of ['Smith & Sons', 'a@b', 'Name_1', 'X;Y', 'Müller GmbH', '香港公司', 'A\nB', '50%', '#1'])
      expect(isBeneficiaryName(v), v).toBe(false);
    expect(beneficiaryNameDisallowedChars('A&B & C@D')).toEqual(['&', '@']);
    expect(zBeneficiaryName.safeParse('A&B').error?.issues[0].message).toBe('msgBeneficiaryNameInvalid');
  });
});
