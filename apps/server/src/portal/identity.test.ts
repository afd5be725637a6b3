import { describe, expect, it } from 'vitest';
import {
  checkIdCard,
  creditCodeCheckChar,
  idCardCheckDigit,
  isCreditCode,
  maskIdCard,
  maskMobile,
  maskName,
} from './identity';

describe('resident identity numbers', () => {
  it('accept a published sample and its lower-case x form', () => {
    // GB 11643's worked example.
    expect(checkIdCard('11010519491231002X')).toBeNull();
    expect(checkIdCard('11010519491231002x')).toBeNull();
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
  });

  it('refuse a wrong check digit as a checksum problem', () => {
    expect(checkIdCard('110105194912310021')).toBe('checksum');
  });

  it('refuse bad lengths, letters, unknown regions, impossible and future birth dates as form problems', () => {
    const withCheck = (first17: string) => first17 + idCardCheckDigit(first17);
    expect(checkIdCard('11010519491231')).toBe('format');
    expect(checkIdCard('1101051949123100AX')).toBe('format');
    expect(checkIdCard(withCheck('99010519491231002'))).toBe('format');
    expect(checkIdCard(withCheck('11010519490230002'))).toBe('format');
    expect(checkIdCard(withCheck('11010518991231002'))).toBe('format');
    expect(checkIdCard(withCheck('11010520991231002'), new Date('2026-11-22'))).toBe('format');
  });
});

describe('unified social credit codes', () => {
  it('accept a code whose check character matches and refuse any other', () => {
    const code = `91350100M000100Y4${creditCodeCheckChar('91350100M000100Y4')}`;
    expect(isCreditCode(code)).toBe(true);
    expect(isCreditCode(code.toLowerCase())).toBe(true);
    expect(isCreditCode(code.slice(0, 17) + (code[17] === '0' ? '1' : '0'))).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    // I, O, S, V and Z are not in the code's alphabet.
    expect(isCreditCode(`91350100M000100I4${creditCodeCheckChar('91350100M000100Y4')}`)).toBe(false);
  });
});

describe('masking', () => {
  it('shows only what a person needs to recognise their own data', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('李')).toBe('李');
  });
});
