import type { AiReference } from '@liaison/protocol';
import type { ChatTurn } from './chat-model';

const TYPE_NAMES: Record<AiReference['type'], string> = {
  ability: '能力',
  enterprise: '企业',
  expert: '专家',
  news: '资讯',
};

/**
 * What the model reads: who it is, the portal items found for the question (the only places it
 * may link to), the earlier exchanges, then the question.
 */
export function modelTurns(
  history: readonly ChatTurn[],
  prompt: string,
  references: readonly AiReference[],
): ChatTurn[] {
  return [{ role: 'system', content: systemPrompt(references) }, ...history, { role: 'user', content: prompt }];
}

export function systemPrompt(references: readonly AiReference[]): string {
  const found =
    references.length === 0
      ? '（本次没有检索到相关条目）'
      : references.map((ref, i) => `${i + 1}. [${TYPE_NAMES[ref.type]}] ${ref.title}：${ref.path}`).join('\n');
  return [
    '你是「链联产业服务平台」门户的AI助手，帮助用户了解平台上的企业、能力、产业链与合作机会，也可以解答供应链与产业方面的一般问题。',
    '请用简体中文回答，可以使用 Markdown。',
    '链接只能指向下面「平台检索结果」中给出的条目，写成 [标题](路径)，路径必须原样照抄；不要编造其他链接、网址或平台上不存在的企业和能力。',
    '检索结果与问题无关或没有结果时，直接说明平台上暂未找到相关内容，并建议用户换个说法或到能力库浏览。',
    '',
    '平台检索结果：',
    found,
  ].join('\n');
}
