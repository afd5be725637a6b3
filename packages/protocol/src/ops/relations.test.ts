import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { requestSchemaError } from '../text';
import { FriendLimits, friendOps, remarkBytes } from './relations';

describe('remarkBytes (spec portal.md §5, Tencent’s 96 bytes)', () => {
  it('counts one byte for each ASCII character and two for an accented Latin-1 one, as UTF-8 does', () => {
    expect(remarkBytes('')).toBe(0);
    expect(remarkBytes('Bob')).toBe(3);
    expect(remarkBytes('Zoë café ÿ')).toBe(13);
    // 98 bytes of UTF-8: over Tencent's limit.
    expect(remarkBytes('é'.repeat(49))).toBe(98);
  });

  it('counts two bytes for any other character, whatever its UTF-8 length', () => {
    expect(remarkBytes('张三')).toBe(4);
    expect(remarkBytes('Ā')).toBe(2);
    // One character outside the BMP (a surrogate pair in JavaScript) is still one character.
    expect(remarkBytes('😀')).toBe(2);
    expect(remarkBytes('A张😀')).toBe(5);
  });
});

describe('the remark limit on updateFriend', () => {
  const update = (remark: string) => friendOps.updateFriend.request.safeParse({ userID: 'bob', remark });

  it('accepts 96 Latin-1 characters and 48 Chinese ones', () => {
    expect(update('a'.repeat(96)).success).toBe(true);
    expect(update('张'.repeat(48)).success).toBe(true);
    expect(update(`${'张'.repeat(47)}ab`).success).toBe(true);
  });

  it('refuses one byte more with the remark error', () => {
    for (const remark of ['a'.repeat(97), '张'.repeat(49), `${'张'.repeat(48)}a`]) {
      const parsed = update(remark);
      expect(parsed.success).toBe(false);
      if (!parsed.success) {
        const error = requestSchemaError(parsed.error, 'updateFriend');
        expect(error.code).toBe(ErrorCode.FRIEND_REMARK_TOO_LONG);
        expect(error.message).toContain('must not exceed 96 bytes');
      }
    }
    expect(FriendLimits.REMARK_MAX_BYTES).toBe(96);
  });

  it('applies the same rule to the remarks of addFriend and acceptFriendApplication', () => {
    const long = '张'.repeat(49);
    expect(
      friendOps.addFriend.request.safeParse({ to: 'bob', source: 'AddSource_Type_Web', remark: long }).success,
    ).toBe(false);
    expect(friendOps.acceptFriendApplication.request.safeParse({ userID: 'bob', remark: long }).success).toBe(false);
  });
});
