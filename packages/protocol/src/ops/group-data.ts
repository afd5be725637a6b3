import { z } from 'zod';
import { Limits } from '../constants';
import { ErrorCode } from '../errors';
import { safeText, utf8ByteLength } from '../text';
import { groupIDSchema, messageIDSchema, wireMessageSchema } from '../wire';

/**
 * What a group's members share beside messages, with the reference SDK's names and shapes:
 * attributes (string values), counters (integers) and pinned messages. Who may change them is
 * decided on the server (docs/groups.md).
 */

/**
 * A key or value over the reference's size is refused with the reference's code. Keys are checked
 * on the record (a record's key schema reports its own failures only as an invalid key).
 */
const attributeKey = safeText({ min: 1 });
const attributeValue = safeText().refine((value) => utf8ByteLength(value) <= Limits.GROUP_ATTRIBUTE_VALUE_MAX_BYTES, {
  message: `at most ${Limits.GROUP_ATTRIBUTE_VALUE_MAX_BYTES} bytes`,
  params: { code: ErrorCode.GROUP_ATTRIBUTE_VALUE_TOO_LONG },
});
const keyFits = (key: string) => utf8ByteLength(key) <= Limits.GROUP_ATTRIBUTE_KEY_MAX_BYTES;
/** `{key: value}`, as the reference takes it; more keys than a group may hold is 10047. */
const groupAttributesSchema = z
  .record(attributeKey, attributeValue)
  .refine((attributes) => Object.keys(attributes).every(keyFits), {
    message: `keys of at most ${Limits.GROUP_ATTRIBUTE_KEY_MAX_BYTES} bytes`,
    params: { code: ErrorCode.GROUP_ATTRIBUTE_KEY_TOO_LONG },
  })
  .refine((attributes) => Object.keys(attributes).length <= Limits.GROUP_ATTRIBUTE_KEYS_MAX, {
    message: `at most ${Limits.GROUP_ATTRIBUTE_KEYS_MAX} keys`,
    params: { code: ErrorCode.GROUP_ATTRIBUTE_KEY_COUNT_LIMIT },
  });
const attributeKeyList = z
  .array(attributeKey.refine(keyFits, 'a key the group cannot hold'))
  .max(Limits.GROUP_ATTRIBUTE_KEYS_MAX);

const counterKey = safeText({ min: 1, maxBytes: Limits.GROUP_COUNTER_KEY_MAX_BYTES });
/** Counters are signed integers; JavaScript numbers hold them exactly up to 2^53. */
const counterValue = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const countersSchema = z.record(counterKey, counterValue);
const counterChange = z.object({ groupID: groupIDSchema, key: counterKey, value: counterValue.nonnegative() });

/** Who pinned a message, as the reference's pinnerInfo and operatorInfo. */
export const pinnerInfoSchema = z.object({ userID: z.string(), nick: z.string(), avatar: z.string() });

export const groupDataOps = {
  /** Replaces every attribute of the group with these. */
  initGroupAttributes: {
    request: z.object({ groupID: groupIDSchema, groupAttributes: groupAttributesSchema }),
    response: z.object({ groupAttributes: z.record(z.string(), z.string()) }),
  },
  /** Adds or changes these attributes; the others stay. */
  setGroupAttributes: {
    request: z.object({
      groupID: groupIDSchema,
      groupAttributes: groupAttributesSchema.refine((a) => Object.keys(a).length > 0, 'give at least one attribute'),
    }),
    response: z.object({ groupAttributes: z.record(z.string(), z.string()) }),
  },
  /** keyList empty: every attribute. Answers the keys that were deleted. */
  deleteGroupAttributes: {
    request: z.object({ groupID: groupIDSchema, keyList: attributeKeyList }),
    response: z.object({ keyList: z.array(z.string()) }),
  },
  /** keyList empty: every attribute. */
  getGroupAttributes: {
    request: z.object({ groupID: groupIDSchema, keyList: attributeKeyList.optional() }),
    response: z.object({ groupAttributes: z.record(z.string(), z.string()) }),
  },
  /** Sets these counters to these values (creating them); answers them as set. */
  setGroupCounters: {
    request: z.object({
      groupID: groupIDSchema,
      counters: countersSchema.refine((c) => Object.keys(c).length > 0, 'give at least one counter'),
    }),
    response: z.object({ counters: z.record(z.string(), z.number().int()) }),
  },
  /** Adds value to the counter (created at 0); answers it as it is now. */
  increaseGroupCounter: {
    request: counterChange,
    response: z.object({ counters: z.record(z.string(), z.number().int()) }),
  },
  decreaseGroupCounter: {
    request: counterChange,
    response: z.object({ counters: z.record(z.string(), z.number().int()) }),
  },
  /** keyList empty or absent: every counter. */
  getGroupCounters: {
    request: z.object({
      groupID: groupIDSchema,
      keyList: z.array(counterKey).max(Limits.GROUP_COUNTER_KEYS_MAX).optional(),
    }),
    response: z.object({ counters: z.record(z.string(), z.number().int()) }),
  },
  /** Pins (isPinned) or unpins a message of the group, named by its ID. */
  pinGroupMessage: {
    request: z.object({ groupID: groupIDSchema, messageID: messageIDSchema, isPinned: z.boolean() }),
    response: z.object({}),
  },
  /** The group's pinned messages the caller can see, oldest pin first, each with who pinned it. */
  getPinnedGroupMessageList: {
    request: z.object({ groupID: groupIDSchema }),
    response: z.object({
      messageList: z.array(z.object({ message: wireMessageSchema, pinnerInfo: pinnerInfoSchema })),
    }),
  },
} as const;

/** Pushes to every member of the group (every tab, every process). */
export const groupDataPushSchemas = {
  /** The attributes after a change, and which keys it changed or deleted. */
  groupAttributes: z.object({
    groupID: z.string(),
    groupAttributes: z.record(z.string(), z.string()),
    updatedKeyList: z.array(z.string()),
    deletedKeyList: z.array(z.string()),
  }),
  /** Counters that changed, with their values now. */
  groupCounters: z.object({
    groupID: z.string(),
    counterList: z.array(z.object({ key: z.string(), value: z.number().int() })),
  }),
  /** A message was pinned or unpinned, and by whom. */
  pinnedGroupMessage: z.object({
    groupID: z.string(),
    message: wireMessageSchema,
    isPinned: z.boolean(),
    operatorInfo: pinnerInfoSchema,
  }),
} as const;
