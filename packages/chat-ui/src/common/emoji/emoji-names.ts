import type { KitLanguage } from '../../i18n';
import { type BasicEmoji, findEmoji } from './basic-emoji';

/**
 * The basic emoji's names in the kit's languages, for tooltips, labels and the conversation
 * list's abstract (`[微笑]`, `[Smile]`). Keyed by the name part of the tag (`Smile` for
 * `[TUIEmoji_Smile]`): English, simplified and traditional Chinese.
 */
const NAMES: Readonly<Record<string, readonly [en: string, zhCN: string, zhTW: string]>> = {
  Expect: ['Expect', '期待', '期待'],
  Blink: ['Wink', '眨眼', '眨眼'],
  Guffaw: ['Guffaw', '大笑', '大笑'],
  KindSmile: ['Kind smile', '姨母笑', '姨母笑'],
  Haha: ['Haha', '哈哈哈', '哈哈哈'],
  Cheerful: ['Cheerful', '愉快', '愉快'],
  Smile: ['Smile', '微笑', '微笑'],
  Sorrow: ['Sorrow', '悲伤', '悲傷'],
  Speechless: ['Speechless', '无语', '無語'],
  Amazed: ['Amazed', '惊讶', '驚訝'],
  Complacent: ['Complacent', '得意', '得意'],
  Lustful: ['Heart eyes', '色', '色'],
  Stareyes: ['Star eyes', '星星眼', '星星眼'],
  Giggle: ['Giggle', '偷笑', '偷笑'],
  Daemon: ['Devil', '恶魔', '惡魔'],
  Rage: ['Rage', '大怒', '大怒'],
  Yawn: ['Yawn', '打哈欠', '打哈欠'],
  TearsLaugh: ['Tears of joy', '笑哭', '笑哭'],
  Silly: ['Silly', '调皮', '調皮'],
  Wail: ['Wail', '大哭', '大哭'],
  Kiss: ['Kiss', '亲亲', '親親'],
  Trapped: ['Sleepy', '困', '睏'],
  Fear: ['Fear', '害怕', '害怕'],
  BareTeeth: ['Grimace', '呲牙', '呲牙'],
  FlareUp: ['Angry', '发火', '發火'],
  Tact: ['Smirk', '坏笑', '壞笑'],
  Shit: ['Poop', '便便', '便便'],
  ShutUp: ['Shut up', '闭嘴', '閉嘴'],
  Sigh: ['Sigh', '叹气', '嘆氣'],
  Hehe: ['Hehe', '呵呵', '呵呵'],
  Silent: ['Silent', '无言', '無言'],
  Skull: ['Skull', '骷髅', '骷髏'],
  Mask: ['Mask', '口罩', '口罩'],
  Beer: ['Beer', '啤酒', '啤酒'],
  Cake: ['Cake', '蛋糕', '蛋糕'],
  RedPacket: ['Red packet', '红包', '紅包'],
  Bombs: ['Bomb', '炸弹', '炸彈'],
  Ai: ['AI', 'AI', 'AI'],
  Celebrate: ['Celebrate', '庆祝', '慶祝'],
  Bless: ['Blessing', '福', '福'],
  Flower: ['Flower', '鲜花', '鮮花'],
  Watermelon: ['Watermelon', '西瓜', '西瓜'],
  Cow: ['Cow', '牛', '牛'],
  Fool: ['Clown', '小丑', '小丑'],
  Surprised: ['Surprised', '吃惊', '吃驚'],
  Askance: ['Eye roll', '白眼', '白眼'],
  Monster: ['Monster', '怪兽', '怪獸'],
  Pig: ['Pig', '猪头', '豬頭'],
  Coffee: ['Coffee', '咖啡', '咖啡'],
  Ok: ['OK', 'OK', 'OK'],
  Heart: ['Heart', '爱心', '愛心'],
  Sun: ['Sun', '太阳', '太陽'],
  Moon: ['Moon', '月亮', '月亮'],
  Star: ['Star', '星星', '星星'],
  Rich: ['Rich', '发财', '發財'],
  Fortune: ['Fortune', '发', '發'],
  '857': ['857', '857', '857'],
  '666': ['666', '666', '666'],
  Prohibit: ['Prohibited', '禁止', '禁止'],
  Convinced: ['Convinced', '服了', '服了'],
  Knife: ['Knife', '刀', '刀'],
  Like: ['Like', '点赞', '點讚'],
};

const COLUMN: Record<KitLanguage, 0 | 1 | 2> = { en: 0, 'zh-CN': 1, 'zh-TW': 2 };

/** The emoji's name in the UI language (e.g. `微笑` in zh-CN), its English name as a fallback. */
export function emojiName(emoji: Pick<BasicEmoji, 'name'>, language: string): string {
  const names = NAMES[emoji.name];
  if (!names) return emoji.name;
  return names[COLUMN[language as KitLanguage] ?? 0];
}

/**
 * Message text with every known emoji tag spelled as its bracketed name in the UI language
 * (`hi [TUIEmoji_Smile]` → `hi [微笑]`), for places that show text only; unknown tags stay.
 */
export function replaceEmojiTags(text: string, language: string): string {
  return text.replace(/\[TUIEmoji_[^[\]]+\]/g, (tag) => {
    const emoji = findEmoji(tag);
    return emoji ? `[${emojiName(emoji, language)}]` : tag;
  });
}
