import { describe, expect, it } from 'vitest';
import { BASIC_EMOJI } from './basic-emoji';
import { emojiName, replaceEmojiTags } from './emoji-names';

describe('emoji names', () => {
  it('names every basic emoji in English, simplified and traditional Chinese', () => {
    for (const language of ['en', 'zh-CN', 'zh-TW']) {
      const names = BASIC_EMOJI.map((emoji) => emojiName(emoji, language));
      expect(names.every((name) => name.trim() !== '')).toBe(true);
    }
    const smile = BASIC_EMOJI.find((emoji) => emoji.key === '[TUIEmoji_Smile]');
    expect(smile && ['en', 'zh-CN', 'zh-TW'].map((language) => emojiName(smile, language))).toEqual([
      'Smile',
      '微笑',
      '微笑',
    ]);
    // Every name in Chinese is really translated, apart from a few that are the same everywhere.
    const untranslated = BASIC_EMOJI.filter((emoji) => emojiName(emoji, 'zh-CN') === emojiName(emoji, 'en'));
    expect(untranslated.map((emoji) => emoji.name)).toEqual(['Ai', 'Ok', '857', '666']);
  });

  it('spells emoji tags as bracketed names for text-only places; unknown tags stay as typed', () => {
    expect(replaceEmojiTags('hi [TUIEmoji_Smile][TUIEmoji_Like]', 'zh-CN')).toBe('hi [微笑][点赞]');
    expect(replaceEmojiTags('hi [TUIEmoji_Smile]', 'en')).toBe('hi [Smile]');
    expect(replaceEmojiTags('[TUIEmoji_Nope] [x]', 'zh-TW')).toBe('[TUIEmoji_Nope] [x]');
  });
});
