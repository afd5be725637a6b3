import { PORTAL_SEARCH } from '@liaison/protocol';

/**
 * The search words of a question typed as a sentence ("有没有做CNC加工的企业？" → CNC, 加工):
 * Chinese has no spaces, so the text is cut into words by the ICU dictionary Node ships
 * (Intl.Segmenter). Characters it leaves alone (冷|链|仓|储) are joined back into one word unless
 * they are grammar (的, 和, 哪…), and
 * the question's grammar (有没有, 推荐, 哪些…) and words that match nearly everything (企业,
 * 公司, 服务…) are dropped.
 */
export function promptKeywords(prompt: string, max: number = KEYWORDS_MAX): string[] {
  const words: string[] = [];
  let run = '';
  const flush = () => {
    if ([...run].length >= 2) words.push(run);
    run = '';
  };
  for (const { segment, isWordLike } of segmenter.segment(prompt)) {
    if (isWordLike && [...segment].length === 1 && HAN.test(segment) && !PARTICLES.has(segment)) {
      run += segment;
      continue;
    }
    flush();
    if (isWordLike && [...segment].length >= 2) words.push(segment);
  }
  flush();
  const keywords: string[] = [];
  for (const word of words) {
    const keyword = word.toLowerCase();
    if (STOP_WORDS.has(keyword) || keywords.includes(keyword)) continue;
    keywords.push(keyword);
  }
  return keywords.slice(0, max);
}

// As many as the portal search takes, since the references come from it.
const KEYWORDS_MAX = PORTAL_SEARCH.keywordsMax;
const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Single characters that are grammar, not part of a name: they end a run of characters. */
const PARTICLES = new Set([
  ...'的了和与及或吗呢吧啊呀做找有是在把被给对从到为也都很请想要会能哪几家个些好这那我你他她它们么谁',
]);

const STOP_WORDS = new Set([
  ...['有没有', '没有', '是否', '请问', '你好', '您好', '帮我', '帮忙', '我想', '我们', '你们', '他们', '自己'],
  ...['推荐', '介绍', '哪些', '哪个', '哪家', '哪里', '什么', '怎么', '怎样', '如何', '为什么', '可以', '能够', '能否'],
  ...['需要', '想要', '希望', '寻找', '一下', '一些', '一个', '几家', '相关', '提供', '主要', '目前', '现在', '知道'],
  ...['企业', '公司', '厂家', '工厂', '服务', '能力', '平台', '产品', '业务', '合作', '谢谢', '比较', '还是', '或者'],
  ...['the', 'and', 'for', 'with', 'what', 'which', 'who', 'how', 'can', 'are', 'is'],
]);
