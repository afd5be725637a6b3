// The three big-face (sticker) groups of the composer's picker (spec chat.md §3: ids 1 to 3 with
// 18, 16 and 17 items), drawn with Twemoji (graphics by Twitter/jdecked, CC-BY 4.0; files from
// @twemoji/svg, bundled with the kit: nothing is fetched from elsewhere).

import f1f4aa from '@twemoji/svg/1f4aa.svg';
import f1f33d from '@twemoji/svg/1f33d.svg';
import f1f34a from '@twemoji/svg/1f34a.svg';
import f1f34b from '@twemoji/svg/1f34b.svg';
import f1f34c from '@twemoji/svg/1f34c.svg';
import f1f34d from '@twemoji/svg/1f34d.svg';
import f1f34e from '@twemoji/svg/1f34e.svg';
import f1f35f from '@twemoji/svg/1f35f.svg';
import f1f42d from '@twemoji/svg/1f42d.svg';
import f1f42f from '@twemoji/svg/1f42f.svg';
import f1f43b from '@twemoji/svg/1f43b.svg';
import f1f43c from '@twemoji/svg/1f43c.svg';
import f1f44a from '@twemoji/svg/1f44a.svg';
import f1f44b from '@twemoji/svg/1f44b.svg';
import f1f44f from '@twemoji/svg/1f44f.svg';
import f1f64c from '@twemoji/svg/1f64c.svg';
import f1f64f from '@twemoji/svg/1f64f.svg';
import f1f91d from '@twemoji/svg/1f91d.svg';
import f1f95d from '@twemoji/svg/1f95d.svg';
import f1f98a from '@twemoji/svg/1f98a.svg';
import f1f345 from '@twemoji/svg/1f345.svg';
import f1f347 from '@twemoji/svg/1f347.svg';
import f1f351 from '@twemoji/svg/1f351.svg';
import f1f352 from '@twemoji/svg/1f352.svg';
import f1f353 from '@twemoji/svg/1f353.svg';
import f1f354 from '@twemoji/svg/1f354.svg';
import f1f414 from '@twemoji/svg/1f414.svg';
import f1f424 from '@twemoji/svg/1f424.svg';
import f1f426 from '@twemoji/svg/1f426.svg';
import f1f427 from '@twemoji/svg/1f427.svg';
import f1f428 from '@twemoji/svg/1f428.svg';
import f1f430 from '@twemoji/svg/1f430.svg';
import f1f431 from '@twemoji/svg/1f431.svg';
import f1f435 from '@twemoji/svg/1f435.svg';
import f1f436 from '@twemoji/svg/1f436.svg';
import f1f438 from '@twemoji/svg/1f438.svg';
import f1f439 from '@twemoji/svg/1f439.svg';
import f1f446 from '@twemoji/svg/1f446.svg';
import f1f447 from '@twemoji/svg/1f447.svg';
import f1f448 from '@twemoji/svg/1f448.svg';
import f1f449 from '@twemoji/svg/1f449.svg';
import f1f590 from '@twemoji/svg/1f590.svg';
import f1f596 from '@twemoji/svg/1f596.svg';
import f1f918 from '@twemoji/svg/1f918.svg';
import f1f919 from '@twemoji/svg/1f919.svg';
import f1f955 from '@twemoji/svg/1f955.svg';
import f1f965 from '@twemoji/svg/1f965.svg';
import f1f981 from '@twemoji/svg/1f981.svg';
import f1f984 from '@twemoji/svg/1f984.svg';
import f270b from '@twemoji/svg/270b.svg';
import f270c from '@twemoji/svg/270c.svg';

/** One big face: the group it belongs to (the face message's `index`), its `data` key and picture. */
export interface BigFace {
  /** The group ID, sent as the face message's `index`. */
  groupID: number;
  /** The sticker's key, sent as the face message's `data` (the reference kit's names, e.g. `yz00`). */
  key: string;
  /** Names in en, zh-CN and zh-TW, for labels. */
  names: readonly [string, string, string];
  src: string;
}

export interface BigFaceGroup {
  groupID: number;
  faces: readonly BigFace[];
}

type Row = readonly [src: string, en: string, zhCN: string, zhTW: string];

function group(groupID: number, prefix: string, rows: readonly Row[]): BigFaceGroup {
  return {
    groupID,
    faces: rows.map(([src, ...names], index) => ({
      groupID,
      key: `${prefix}${String(index).padStart(2, '0')}`,
      names,
      src,
    })),
  };
}

export const BIG_FACE_GROUPS: readonly BigFaceGroup[] = [
  group(1, 'yz', [
    [f1f436, 'Puppy', '小狗', '小狗'],
    [f1f431, 'Kitten', '小猫', '小貓'],
    [f1f42d, 'Mouse', '老鼠', '老鼠'],
    [f1f439, 'Hamster', '仓鼠', '倉鼠'],
    [f1f430, 'Bunny', '兔子', '兔子'],
    [f1f98a, 'Fox', '狐狸', '狐狸'],
    [f1f43b, 'Bear', '熊', '熊'],
    [f1f43c, 'Panda', '熊猫', '熊貓'],
    [f1f428, 'Koala', '考拉', '無尾熊'],
    [f1f42f, 'Tiger', '老虎', '老虎'],
    [f1f981, 'Lion', '狮子', '獅子'],
    [f1f438, 'Frog', '青蛙', '青蛙'],
    [f1f435, 'Monkey', '猴子', '猴子'],
    [f1f414, 'Chicken', '小鸡', '小雞'],
    [f1f427, 'Penguin', '企鹅', '企鵝'],
    [f1f426, 'Bird', '小鸟', '小鳥'],
    [f1f424, 'Chick', '小黄鸡', '小黃雞'],
    [f1f984, 'Unicorn', '独角兽', '獨角獸'],
  ]),
  group(2, 'ys', [
    [f1f34e, 'Apple', '苹果', '蘋果'],
    [f1f34a, 'Orange', '橘子', '橘子'],
    [f1f34b, 'Lemon', '柠檬', '檸檬'],
    [f1f34c, 'Banana', '香蕉', '香蕉'],
    [f1f347, 'Grapes', '葡萄', '葡萄'],
    [f1f353, 'Strawberry', '草莓', '草莓'],
    [f1f352, 'Cherries', '樱桃', '櫻桃'],
    [f1f351, 'Peach', '桃子', '桃子'],
    [f1f34d, 'Pineapple', '菠萝', '鳳梨'],
    [f1f965, 'Coconut', '椰子', '椰子'],
    [f1f95d, 'Kiwi', '猕猴桃', '奇異果'],
    [f1f345, 'Tomato', '番茄', '番茄'],
    [f1f955, 'Carrot', '胡萝卜', '紅蘿蔔'],
    [f1f33d, 'Corn', '玉米', '玉米'],
    [f1f354, 'Burger', '汉堡', '漢堡'],
    [f1f35f, 'Fries', '薯条', '薯條'],
  ]),
  group(3, 'gcs', [
    [f1f44b, 'Wave', '挥手', '揮手'],
    [f1f44f, 'Applause', '鼓掌', '鼓掌'],
    [f1f64f, 'Thanks', '拜托', '拜託'],
    [f1f4aa, 'Strong', '加油', '加油'],
    [f270c, 'Victory', '胜利', '勝利'],
    [f1f91d, 'Handshake', '握手', '握手'],
    [f1f44a, 'Fist bump', '碰拳', '碰拳'],
    [f1f64c, 'Hooray', '欢呼', '歡呼'],
    [f1f918, 'Rock on', '摇滚', '搖滾'],
    [f1f919, 'Call me', '打电话', '打電話'],
    [f1f448, 'Left', '向左', '向左'],
    [f1f449, 'Right', '向右', '向右'],
    [f1f446, 'Up', '向上', '向上'],
    [f1f447, 'Down', '向下', '向下'],
    [f270b, 'Stop', '停', '停'],
    [f1f590, 'High five', '击掌', '擊掌'],
    [f1f596, 'Greetings', '问候', '問候'],
  ]),
];

const BY_KEY: ReadonlyMap<string, BigFace> = new Map(
  BIG_FACE_GROUPS.flatMap((g) => g.faces.map((face) => [`${face.groupID}/${face.key}`, face] as const)),
);

/** The big face a face message names (its `index` and `data`), or undefined for an unknown one. */
export function findBigFace(index: number, data: string): BigFace | undefined {
  return BY_KEY.get(`${index}/${data}`);
}

/** A big face's name in the UI language. */
export function bigFaceName(face: BigFace, language: string): string {
  return face.names[language === 'zh-CN' ? 1 : language === 'zh-TW' ? 2 : 0];
}
