import { TYPES } from '@liaison/sdk';
import { replaceEmojiTags } from '../common/emoji/emoji-names';
import type { ConversationTextKey } from '../i18n/conversation-text';

/** The parts of a message the one-line abstract is made from (a LastMessage or a Message). */
export interface AbstractSource {
  type: string;
  payload: unknown;
  messageForShow?: string;
}

type Translate = (key: ConversationTextKey, options?: Record<string, string>) => string;

/** A piece of an abstract; user-supplied text (names, message text) is isolated when shown. */
export interface AbstractPart {
  text: string;
  /** The text came from a person (message text, names, a link's words), not from the kit's labels. */
  isUserText: boolean;
}

const TYPE_LABELS: Record<string, ConversationTextKey> = {
  [TYPES.MSG_IMAGE]: 'typeImage',
  [TYPES.MSG_SOUND]: 'typeAudio',
  [TYPES.MSG_VIDEO]: 'typeVideo',
  [TYPES.MSG_FILE]: 'typeFile',
  [TYPES.MSG_FACE]: 'typeFace',
  [TYPES.MSG_LOCATION]: 'typeLocation',
  [TYPES.MSG_CUSTOM]: 'typeCustom',
  [TYPES.MSG_MERGER]: 'typeMerger',
  [TYPES.MSG_GRP_TIP]: 'typeGroupTip',
  [TYPES.MSG_GRP_SYS_NOTICE]: 'typeSystem',
};

/** Group tip operation types (the reference SDK's TYPES.GRP_TIP_*) and how each reads. */
const TIP_TEXT: Record<number, ConversationTextKey> = {
  1: 'tipJoin',
  2: 'tipQuit',
  3: 'tipKicked',
  4: 'tipSetAdmin',
  5: 'tipCancelAdmin',
  6: 'tipGroupProfile',
  7: 'tipMemberProfile',
};

const CUSTOM_LABELS: Record<string, ConversationTextKey> = {
  evaluate: 'typeEvaluation',
  order: 'typeOrder',
  service: 'typeService',
};

/**
 * What a conversation row shows for a message: text with emoji tags spelled as names in the UI
 * language (`[微笑]`, never `[TUIEmoji_Smile]`), a type label for media, a sentence for group tips
 * and a label for known custom kinds (evaluation, order, link, service, call record; a sentence for
 * the agreed-cooperation notice).
 */
export function messageAbstract(message: AbstractSource, language: string, t: Translate): AbstractPart[] {
  if (message.type === TYPES.MSG_TEXT) {
    const text = stringField(message.payload, 'text') ?? message.messageForShow ?? '';
    return [userText(replaceEmojiTags(text, language))];
  }
  if (message.type === TYPES.MSG_GRP_TIP) return groupTipText(message.payload, t);
  if (message.type === TYPES.MSG_CUSTOM) return customAbstract(message.payload, t);
  return [label(t(TYPE_LABELS[message.type] ?? 'typeUnknown'))];
}

/** A group tip as a sentence: who joined, left, was removed, became or stopped being an admin. */
export function groupTipText(payload: unknown, t: Translate): AbstractPart[] {
  const operation = numberField(payload, 'operationType');
  const key = operation === undefined ? undefined : (specialTip(operation, payload) ?? TIP_TEXT[operation]);
  if (!key) return [label(t('typeGroupTip'))];
  const ids = stringList(payload, 'userIDList');
  const nicks = stringList(payload, 'nickList');
  const people = ids.map((id, index) => nicks[index] || id);
  const who = people.length > 0 ? people.join(t('listSeparator')) : stringField(payload, 'operatorID') || '';
  return sentenceWithName(t(key, { who: NAME_SLOT }), who);
}

/** Tips that say more than their operation: mute-all switched, a new owner, a member muted or no longer. */
function specialTip(operation: number, payload: unknown): ConversationTextKey | undefined {
  if (operation === TYPES.GRP_TIP_GRP_PROFILE_UPDATED) {
    const changes = field(payload, 'newGroupProfile');
    const mutesAll = field(changes, 'muteAllMembers');
    if (typeof mutesAll === 'boolean') return mutesAll ? 'tipMuteAllOn' : 'tipMuteAllOff';
    if (typeof field(changes, 'ownerID') === 'string') return 'tipOwnerChanged';
  }
  if (operation === TYPES.GRP_TIP_MBR_PROFILE_UPDATED) {
    const mutes = field(payload, 'memberList');
    if (Array.isArray(mutes) && mutes.length > 0) {
      return mutes.some((m) => typeof field(m, 'muteTime') === 'number' && Number(field(m, 'muteTime')) > 0)
        ? 'tipMuted'
        : 'tipUnmuted';
    }
  }
  return undefined;
}

/** Stands for a name inside a translated sentence (give it as the value); NUL never occurs in stored text. */
export const NAME_SLOT = '\u0000';

/** A translated sentence made with NAME_SLOT, in parts, with the name put back as user text. */
export function sentenceWithName(sentence: string, name: string): AbstractPart[] {
  const at = sentence.indexOf(NAME_SLOT);
  if (at < 0) return [label(sentence)];
  return [label(sentence.slice(0, at)), userText(name), label(sentence.slice(at + NAME_SLOT.length))].filter(
    (part) => part.text !== '',
  );
}

export function label(text: string): AbstractPart {
  return { text, isUserText: false };
}

export function userText(text: string): AbstractPart {
  return { text, isUserText: true };
}

/**
 * Whether a message reads as a tip about the group rather than something a member said: group
 * tips, system notices and the 'X created the group' custom message (no 'sender: ' before it).
 */
export function isGroupTipLike(message: AbstractSource): boolean {
  if (message.type === TYPES.MSG_GRP_TIP || message.type === TYPES.MSG_GRP_SYS_NOTICE) return true;
  return message.type === TYPES.MSG_CUSTOM && customBusinessID(message.payload) === GROUP_CREATE;
}

/** The reference chat kit's businessID of the message that opens a new group. */
const GROUP_CREATE = 'group_create';

/** The server's notice that a cooperation request was agreed (docs/portal-api.md "Cooperation requests"). */
const COOPERATION = 'cooperation';

function customBusinessID(payload: unknown): unknown {
  return parseJSONObject(stringField(payload, 'data'))?.businessID;
}

function customAbstract(payload: unknown, t: Translate): AbstractPart[] {
  const data = parseJSONObject(stringField(payload, 'data'));
  const businessID = data?.businessID;
  if (businessID === GROUP_CREATE) {
    const creator = typeof data?.opUser === 'string' ? data.opUser : '';
    return sentenceWithName(t('tipCreated', { who: NAME_SLOT }), creator);
  }
  if (typeof businessID === 'string' && CUSTOM_LABELS[businessID]) return [label(t(CUSTOM_LABELS[businessID]))];
  if (businessID === COOPERATION) {
    const ability = typeof data?.productName === 'string' ? data.productName : '';
    return ability
      ? sentenceWithName(t('tipCooperation', { who: NAME_SLOT }), ability)
      : [label(t('tipCooperationUnnamed'))];
  }
  if (businessID === 'link') {
    const words = typeof data?.text === 'string' ? data.text : '';
    return words ? [label(`${t('typeLink')} `), userText(words)] : [label(t('typeLink'))];
  }
  const callType = callRecordType(data);
  if (callType !== undefined) return [label(t(callType === 2 ? 'typeVideoCall' : 'typeVoiceCall'))];
  return [label(t('typeCustom'))];
}

/**
 * A call record (spec chat.md §3): an outer JSON with businessID 1 whose `data` is JSON with
 * businessID 'av_call' and call_type 1 (voice) or 2 (video). Undefined for anything else.
 */
function callRecordType(outer: Record<string, unknown> | undefined): number | undefined {
  if (!outer || (outer.businessID !== 1 && outer.businessID !== '1')) return undefined;
  const inner = parseJSONObject(typeof outer.data === 'string' ? outer.data : undefined);
  if (inner?.businessID !== 'av_call') return undefined;
  return inner.call_type === 2 ? 2 : 1;
}

function parseJSONObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function field(payload: unknown, key: string): unknown {
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined;
}

function stringField(payload: unknown, key: string): string | undefined {
  const value = field(payload, key);
  return typeof value === 'string' ? value : undefined;
}

function numberField(payload: unknown, key: string): number | undefined {
  const value = field(payload, key);
  return typeof value === 'number' ? value : undefined;
}

function stringList(payload: unknown, key: string): string[] {
  const value = field(payload, key);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
