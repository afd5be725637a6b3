// The 62 basic emoji of the reference kit's picker, in its order, drawn with Twemoji
// (graphics by Twitter/jdecked, CC-BY 4.0; files from @twemoji/svg, named by code point).

import e1f4a3 from '@twemoji/svg/1f4a3.svg';
import e1f4a9 from '@twemoji/svg/1f4a9.svg';
import e1f6ab from '@twemoji/svg/1f6ab.svg';
import e1f9e7 from '@twemoji/svg/1f9e7.svg';
import e1f37a from '@twemoji/svg/1f37a.svg';
import e1f42e from '@twemoji/svg/1f42e.svg';
import e1f44c from '@twemoji/svg/1f44c.svg';
import e1f44d from '@twemoji/svg/1f44d.svg';
import e1f47e from '@twemoji/svg/1f47e.svg';
import e1f47f from '@twemoji/svg/1f47f.svg';
import e1f52a from '@twemoji/svg/1f52a.svg';
import e1f60a from '@twemoji/svg/1f60a.svg';
import e1f60b from '@twemoji/svg/1f60b.svg';
import e1f60d from '@twemoji/svg/1f60d.svg';
import e1f60e from '@twemoji/svg/1f60e.svg';
import e1f60f from '@twemoji/svg/1f60f.svg';
import e1f62c from '@twemoji/svg/1f62c.svg';
import e1f62d from '@twemoji/svg/1f62d.svg';
import e1f62e from '@twemoji/svg/1f62e.svg';
import e1f62e_200d_1f4a8 from '@twemoji/svg/1f62e-200d-1f4a8.svg';
import e1f92a from '@twemoji/svg/1f92a.svg';
import e1f92c from '@twemoji/svg/1f92c.svg';
import e1f004 from '@twemoji/svg/1f004.svg';
import e1f319 from '@twemoji/svg/1f319.svg';
import e1f339 from '@twemoji/svg/1f339.svg';
import e1f349 from '@twemoji/svg/1f349.svg';
import e1f382 from '@twemoji/svg/1f382.svg';
import e1f389 from '@twemoji/svg/1f389.svg';
import e1f437 from '@twemoji/svg/1f437.svg';
import e1f480 from '@twemoji/svg/1f480.svg';
import e1f601 from '@twemoji/svg/1f601.svg';
import e1f602 from '@twemoji/svg/1f602.svg';
import e1f604 from '@twemoji/svg/1f604.svg';
import e1f606 from '@twemoji/svg/1f606.svg';
import e1f609 from '@twemoji/svg/1f609.svg';
import e1f611 from '@twemoji/svg/1f611.svg';
import e1f613 from '@twemoji/svg/1f613.svg';
import e1f618 from '@twemoji/svg/1f618.svg';
import e1f621 from '@twemoji/svg/1f621.svg';
import e1f622 from '@twemoji/svg/1f622.svg';
import e1f628 from '@twemoji/svg/1f628.svg';
import e1f632 from '@twemoji/svg/1f632.svg';
import e1f634 from '@twemoji/svg/1f634.svg';
import e1f637 from '@twemoji/svg/1f637.svg';
import e1f642 from '@twemoji/svg/1f642.svg';
import e1f643 from '@twemoji/svg/1f643.svg';
import e1f644 from '@twemoji/svg/1f644.svg';
import e1f910 from '@twemoji/svg/1f910.svg';
import e1f911 from '@twemoji/svg/1f911.svg';
import e1f916 from '@twemoji/svg/1f916.svg';
import e1f917 from '@twemoji/svg/1f917.svg';
import e1f921 from '@twemoji/svg/1f921.svg';
import e1f929 from '@twemoji/svg/1f929.svg';
import e1f971 from '@twemoji/svg/1f971.svg';
import e1fae1 from '@twemoji/svg/1fae1.svg';
import e2b50 from '@twemoji/svg/2b50.svg';
import e36_20e3 from '@twemoji/svg/36-20e3.svg';
import e38_20e3 from '@twemoji/svg/38-20e3.svg';
import e2600 from '@twemoji/svg/2600.svg';
import e2615 from '@twemoji/svg/2615.svg';
import e2764 from '@twemoji/svg/2764.svg';
import e3297 from '@twemoji/svg/3297.svg';

/** One basic emoji: its tag as it travels in message text (e.g. `[TUIEmoji_Smile]`) and its picture. */
export interface BasicEmoji {
  /** The tag, brackets included: what a text message carries. */
  key: string;
  /** A readable name, e.g. `Smile`, for alt text and labels. */
  name: string;
  /** URL of the SVG picture. */
  src: string;
}

/** spec chat.md §3: 62 basic named emoji (the reference kit's `[TUIEmoji_*]` keys). */
export const BASIC_EMOJI: readonly BasicEmoji[] = (
  [
    ['Expect', e1f917],
    ['Blink', e1f609],
    ['Guffaw', e1f606],
    ['KindSmile', e1f60a],
    ['Haha', e1f601],
    ['Cheerful', e1f604],
    ['Smile', e1f642],
    ['Sorrow', e1f622],
    ['Speechless', e1f613],
    ['Amazed', e1f62e],
    ['Complacent', e1f60e],
    ['Lustful', e1f60d],
    ['Stareyes', e1f929],
    ['Giggle', e1f60b],
    ['Daemon', e1f47f],
    ['Rage', e1f92c],
    ['Yawn', e1f971],
    ['TearsLaugh', e1f602],
    ['Silly', e1f92a],
    ['Wail', e1f62d],
    ['Kiss', e1f618],
    ['Trapped', e1f634],
    ['Fear', e1f628],
    ['BareTeeth', e1f62c],
    ['FlareUp', e1f621],
    ['Tact', e1f60f],
    ['Shit', e1f4a9],
    ['ShutUp', e1f910],
    ['Sigh', e1f62e_200d_1f4a8],
    ['Hehe', e1f643],
    ['Silent', e1f611],
    ['Skull', e1f480],
    ['Mask', e1f637],
    ['Beer', e1f37a],
    ['Cake', e1f382],
    ['RedPacket', e1f9e7],
    ['Bombs', e1f4a3],
    ['Ai', e1f916],
    ['Celebrate', e1f389],
    ['Bless', e3297],
    ['Flower', e1f339],
    ['Watermelon', e1f349],
    ['Cow', e1f42e],
    ['Fool', e1f921],
    ['Surprised', e1f632],
    ['Askance', e1f644],
    ['Monster', e1f47e],
    ['Pig', e1f437],
    ['Coffee', e2615],
    ['Ok', e1f44c],
    ['Heart', e2764],
    ['Sun', e2600],
    ['Moon', e1f319],
    ['Star', e2b50],
    ['Rich', e1f911],
    ['Fortune', e1f004],
    ['857', e38_20e3],
    ['666', e36_20e3],
    ['Prohibit', e1f6ab],
    ['Convinced', e1fae1],
    ['Knife', e1f52a],
    ['Like', e1f44d],
  ] as const
).map(([name, src]) => ({ key: `[TUIEmoji_${name}]`, name, src }));

const BY_KEY: ReadonlyMap<string, BasicEmoji> = new Map(BASIC_EMOJI.map((emoji) => [emoji.key, emoji]));

/** The emoji for a bracketed tag such as `[TUIEmoji_Smile]`, or undefined for any other text. */
export function findEmoji(key: string): BasicEmoji | undefined {
  return BY_KEY.get(key);
}
