/**
 * The search benchmark's corpus (bench/scenarios/search.ts), generated from a seed so that every
 * run stores the same messages: C2C conversations and Work groups whose sizes follow a Zipf-like
 * law (the largest holds a few percent of everything), supply-chain talk in Chinese, English and
 * both mixed, order and SKU numbers, ~10 % files (by name) and ~10 % images. A few measured users
 * ("buyers") sit in 50–200 conversations each, among them the largest ones.
 */

export interface CorpusSettings {
  messages: number;
  c2c: number;
  groups: number;
  /** Users whose searches are timed. */
  measured: number;
  seed: number;
  /** Other users, among whom the conversations are drawn (default 10,000). */
  pool?: number;
}

export interface CorpusConversation {
  key: string;
  type: 'C2C' | 'GROUP';
  /** C2C: the two users; group: its members, the owner first. */
  members: string[];
  groupID: string | null;
  messages: number;
}

export interface Corpus {
  measured: string[];
  /** Every user, measured ones included. */
  users: string[];
  conversations: CorpusConversation[];
}

/** One stored message of the corpus. */
export interface CorpusMessage {
  convKey: string;
  seq: number;
  id: string;
  convType: string;
  sender: string;
  recipient: string;
  type: string;
  payload: string;
  time: number;
}

/** One batch of message rows, column by column (the INSERT unnests them). */
export interface MessageColumns {
  convKey: string[];
  seq: number[];
  id: string[];
  convType: string[];
  sender: string[];
  recipient: string[];
  type: string[];
  payload: string[];
  time: number[];
}

/** mulberry32: small, fast and the same everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const int = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** Users who only talk to others than the measured ones, and appear in groups (CorpusSettings.pool). */
const POOL = 10_000;
/** The Zipf exponent of conversation sizes. */
const ZIPF_S = 0.8;
/** How many of the largest conversations go to the measured users, in turn. */
const MEASURED_TOP = 100;
const BASE_TIME = Date.UTC(2026, 0, 1);
const SPAN_MS = 300 * 86_400_000;

function shuffle<T>(rand: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

const measuredID = (i: number) => `buyer${String(i + 1).padStart(2, '0')}`;
const poolID = (i: number) => `u${String(i + 1).padStart(5, '0')}`;
const c2cKey = (a: string, b: string) => (a < b ? `c:${a}:${b}` : `c:${b}:${a}`);

/** The ID the corpus gives a conversation's message at `seq`. */
export const corpusMessageID = (convKey: string, seq: number) => `${convKey.replaceAll(':', '-')}-${seq}`;

/** Who is in which conversation, and how many messages each holds. */
export function buildCorpus(s: CorpusSettings): Corpus {
  const rand = prng(s.seed);
  const measured = Array.from({ length: s.measured }, (_, i) => measuredID(i));
  const pool = Array.from({ length: s.pool ?? POOL }, (_, i) => poolID(i));
  const conversations: CorpusConversation[] = [];
  const seen = new Set<string>();
  const addC2C = (a: string, b: string) => {
    const key = c2cKey(a, b);
    if (a === b || seen.has(key)) return false;
    seen.add(key);
    conversations.push({ key, type: 'C2C', members: [a, b], groupID: null, messages: 0 });
    return true;
  };
  // Measured users: 40–150 C2C partners each, and 10–50 groups (below) → 50–200 conversations.
  const groupsOf = new Map<string, number>();
  for (const user of measured) {
    const partners = int(rand, 40, 150);
    for (let n = 0; n < partners; ) if (addC2C(user, pick(rand, pool))) n++;
    groupsOf.set(user, int(rand, 10, 50));
  }
  while (conversations.length < s.c2c) addC2C(pick(rand, pool), pick(rand, pool));
  const groups: CorpusConversation[] = [];
  for (let g = 0; g < s.groups; g++) {
    const groupID = `grp${String(g + 1).padStart(4, '0')}`;
    const members = new Set<string>();
    const size = int(rand, 20, 300);
    while (members.size < size) members.add(pick(rand, pool));
    groups.push({ key: `g:${groupID}`, type: 'GROUP', members: [...members], groupID, messages: 0 });
  }
  for (const user of measured) {
    const wanted = groupsOf.get(user) ?? 0;
    const chosen = new Set<number>();
    while (chosen.size < Math.min(wanted, groups.length)) chosen.add(int(rand, 0, groups.length - 1));
    for (const g of chosen) groups[g]?.members.push(user);
  }
  conversations.push(...groups);

  // Sizes: Zipf by rank. The top ranks go to the measured users' conversations in turn (so each
  // one's largest is among the 20 largest overall), the other ranks to a shuffle of the rest.
  const ofMeasured = measured.map((user) =>
    shuffle(
      rand,
      conversations.filter((c) => c.members.includes(user)),
    ),
  );
  const ranked: CorpusConversation[] = [];
  const taken = new Set<string>();
  for (let r = 0; ranked.length < Math.min(MEASURED_TOP, conversations.length); r++) {
    const list = ofMeasured[r % measured.length] ?? [];
    // Alternate groups and C2C chats among the largest.
    const preferGroup = Math.floor(r / measured.length) % 2 === 0 ? r % 2 === 0 : r % 2 === 1;
    const next =
      list.find((c) => !taken.has(c.key) && (c.type === 'GROUP') === preferGroup) ??
      list.find((c) => !taken.has(c.key));
    if (!next) break;
    taken.add(next.key);
    ranked.push(next);
  }
  const rest = shuffle(
    rand,
    conversations.filter((c) => !taken.has(c.key)),
  );
  // One at a time: spread into push, hundreds of thousands of arguments overflow the stack.
  for (const c of rest) ranked.push(c);
  const weights = ranked.map((_, r) => (r + 1) ** -ZIPF_S);
  const total = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  ranked.forEach((c, r) => {
    c.messages = Math.max(1, Math.floor((s.messages * (weights[r] as number)) / total));
    assigned += c.messages;
  });
  // The rounding remainder goes to the smallest ones, one each, so the total is exact.
  for (let r = ranked.length - 1; assigned < s.messages; r = r > 0 ? r - 1 : ranked.length - 1) {
    (ranked[r] as CorpusConversation).messages++;
    assigned++;
  }
  return { measured, users: [...measured, ...pool], conversations: ranked };
}

// Supply-chain talk. 锌 (zinc) appears only in 镀锌板, which is rare: the rare one-character query.
const ZH_PHRASES = [
  '报价单已经发给你了',
  '请确认一下交期',
  '采购订单今天下',
  '这批货明天发货',
  '质检报告出来了',
  '样品已经寄出',
  '付款安排在月底',
  '合同盖章后回传',
  '供应商说要延迟一周',
  '库存不够需要补货',
  '物流单号稍后发你',
  '包装要按新标准',
  '到货后请验收',
  '有一箱破损要退货',
  '发票抬头写公司全称',
  '运费由我们承担',
  '数量改成两千件',
  '单价能不能再降一点',
  '规格和上次一样',
  '这个批次有色差',
  '麻烦加急处理',
  '仓库周六不收货',
  '走海运还是空运',
  '清关资料准备好了',
  '预付百分之三十',
  '尾款见提单付',
  '新的报价有效期一个月',
  '交期最快两周',
  '订单数量有变化',
  '请更新一下采购订单',
  '质检不合格的要返工',
  '样品费可以退',
  '开票信息发我一下',
  '柜子已经装好了',
  '船期推迟了',
  '今天能出货吗',
  '对账单核对一下',
  '收到货款了谢谢',
  '下周一安排验厂',
  '图纸有更新',
];
const ZH_RARE = ['镀锌板的报价明天给你', '镀锌板库存还有多少'];
const ZH_OPENERS = ['你好，', '王经理，', '李总，', '张工，', '收到，', '好的，', '', '', '', ''];
const ZH_CLOSERS = ['。', '，谢谢！', '。辛苦了', '？', '', '。'];

const EN_PHRASES = [
  'please send the updated quotation',
  'invoice attached',
  'the shipment is delayed by three days',
  'delivery date confirmed',
  'payment received, thanks',
  'QC report is ready',
  'sample approved by the customer',
  'contract signed and returned',
  'packing list attached',
  'container loaded today',
  'ETA is next Monday',
  'shipping marks as usual',
  'can you expedite the order',
  'we shipped the balance yesterday',
  'please confirm the lead time',
  'the supplier raised the price',
  'inspection booked for Thursday',
  'stock is running low',
  'new purchase order coming',
  'credit note for the damaged cartons',
  'freight cost is on us',
  'customs clearance done',
  'proforma invoice revised',
  'tracking number will follow',
];
const EN_OPENERS = ['Hi, ', 'Hello Mr. Wang, ', 'Dear Lisa, ', 'OK, ', 'Thanks, ', '', '', ''];

const orderNo = (rand: () => number) => `PO-2026-${int(rand, 1, 999)}`;
const skuNo = (rand: () => number) => `SKU${int(rand, 10000, 99999)}`;

function chinese(rand: () => number): string {
  const phrases = int(rand, 1, 3);
  const parts: string[] = [];
  for (let i = 0; i < phrases; i++) parts.push(rand() < 0.006 ? pick(rand, ZH_RARE) : pick(rand, ZH_PHRASES));
  return `${pick(rand, ZH_OPENERS)}${parts.join('，')}${pick(rand, ZH_CLOSERS)}`;
}

function english(rand: () => number): string {
  const phrases = int(rand, 1, 2);
  const parts: string[] = [];
  for (let i = 0; i < phrases; i++) parts.push(pick(rand, EN_PHRASES));
  return `${pick(rand, EN_OPENERS)}${parts.join(', ')}.`;
}

function text(rand: () => number): string {
  const r = rand();
  if (r < 0.5) return chinese(rand);
  if (r < 0.7) return english(rand);
  if (r < 0.85) return `${orderNo(rand)} ${chinese(rand)}`;
  if (r < 0.93) return `${skuNo(rand)}：${pick(rand, ZH_PHRASES)}，${pick(rand, EN_PHRASES)}`;
  return `${pick(rand, EN_PHRASES)} ${orderNo(rand)}，${pick(rand, ZH_PHRASES)}`;
}

const FILE_NAMES = [
  (rand: () => number) => `报价单_${orderNo(rand)}.xlsx`,
  (rand: () => number) => `Invoice_INV-${int(rand, 1000, 9999)}.pdf`,
  (rand: () => number) => `质检报告_批次${int(rand, 1, 52)}.pdf`,
  (rand: () => number) => `packing-list-${skuNo(rand)}.xlsx`,
  (rand: () => number) => `采购合同-v${int(rand, 1, 5)}.docx`,
  (rand: () => number) => `shipment_schedule_week${int(rand, 1, 52)}.xlsx`,
  (rand: () => number) => `IMG_${int(rand, 1000, 9999)}_样品照片.zip`,
];

const uuidOf = (rand: () => number) =>
  `bench${Math.floor(rand() * 2 ** 52)
    .toString(36)
    .padStart(11, '0')}`;

function payload(rand: () => number): { type: string; payload: unknown } {
  const r = rand();
  if (r < 0.1) {
    const uuid = uuidOf(rand);
    return {
      type: 'TIMFileElem',
      payload: {
        uuid,
        fileName: pick(rand, FILE_NAMES)(rand),
        fileSize: int(rand, 10_000, 5_000_000),
        fileUrl: `/files/${uuid}`,
        downloadFlag: 2,
      },
    };
  }
  if (r < 0.2) {
    const uuid = uuidOf(rand);
    const info = (type: 1 | 2 | 3, width: number) => ({
      type,
      size: width * 300,
      width,
      height: Math.round(width * 0.75),
      url: `/files/${uuid}?size=${type}`,
    });
    return {
      type: 'TIMImageElem',
      payload: { uuid, imageFormat: 1, imageInfoArray: [info(1, 1920), info(2, 720), info(3, 198)] },
    };
  }
  return { type: 'TIMTextElem', payload: { text: text(rand) } };
}

/**
 * The messages of the corpus, `size` rows at a time, in the order a server would have stored
 * them: by time, conversations interleaved, so that a conversation's rows are spread over the
 * table as in production (rows written conversation by conversation would sit together and
 * flatter every per-conversation read).
 */
export function* messageBatches(corpus: Corpus, seed: number, size: number): Generator<MessageColumns> {
  const all = emptyBatch();
  for (const part of conversationRows(corpus, seed, 50_000)) {
    for (const key of Object.keys(all) as Array<keyof MessageColumns>) {
      const into = all[key] as unknown[];
      for (const value of part[key]) into.push(value);
    }
  }
  const order = Uint32Array.from(all.time.keys()).sort((a, b) => (all.time[a] as number) - (all.time[b] as number));
  for (let start = 0; start < order.length; start += size) {
    const batch = emptyBatch();
    for (const i of order.subarray(start, start + size)) {
      for (const key of Object.keys(batch) as Array<keyof MessageColumns>) {
        (batch[key] as unknown[]).push(all[key][i]);
      }
    }
    yield batch;
  }
}

/**
 * The same messages one at a time, in the same order, without holding them all: each
 * conversation's rows are generated lazily (their times rise with the sequence) and merged by time,
 * ties in conversation order. For corpora too large for messageBatches (bench/scenarios/history.ts).
 */
export function* messagesInTimeOrder(corpus: Corpus, seed: number): Generator<CorpusMessage> {
  const heap = new MessageHeap();
  for (const [index, c] of corpus.conversations.entries()) {
    const rows = conversationMessages(c, index, seed);
    const first = rows.next();
    if (!first.done) heap.push({ index, message: first.value, rows });
  }
  for (let head = heap.peek(); head; head = heap.peek()) {
    yield head.message;
    const next = head.rows.next();
    if (next.done) heap.pop();
    else {
      head.message = next.value;
      heap.siftDown(0);
    }
  }
}

/** The messages in conversation and sequence order. */
function* conversationRows(corpus: Corpus, seed: number, size: number): Generator<MessageColumns> {
  let batch = emptyBatch();
  for (const [index, c] of corpus.conversations.entries()) {
    for (const m of conversationMessages(c, index, seed)) {
      for (const key of Object.keys(batch) as Array<keyof MessageColumns>) (batch[key] as unknown[]).push(m[key]);
      if (batch.seq.length >= size) {
        yield batch;
        batch = emptyBatch();
      }
    }
  }
  if (batch.seq.length > 0) yield batch;
}

/** One conversation's messages in sequence order, from its own PRNG (so any one can be made alone). */
function* conversationMessages(c: CorpusConversation, index: number, seed: number): Generator<CorpusMessage> {
  const rand = prng(seed ^ (0x9e3779b9 * (index + 1)));
  const start = BASE_TIME + Math.floor(rand() * (SPAN_MS / 10));
  const step = Math.max(1, Math.floor((SPAN_MS - (start - BASE_TIME)) / c.messages));
  // A few members of a group say most of it.
  const talkers = c.type === 'C2C' ? c.members : c.members.slice(0, Math.min(c.members.length, 12));
  for (let seq = 1; seq <= c.messages; seq++) {
    const sender = pick(rand, talkers);
    const recipient = c.type === 'C2C' ? (c.members[0] === sender ? c.members[1] : c.members[0]) : c.groupID;
    const m = payload(rand);
    yield {
      convKey: c.key,
      seq,
      id: corpusMessageID(c.key, seq),
      convType: c.type,
      sender,
      recipient: recipient as string,
      type: m.type,
      payload: JSON.stringify(m.payload),
      time: start + seq * step + Math.floor(rand() * step),
    };
  }
}

interface Stream {
  index: number;
  message: CorpusMessage;
  rows: Generator<CorpusMessage>;
}

/** A binary min-heap of conversation streams by (time of their next message, conversation index). */
class MessageHeap {
  private readonly items: Stream[] = [];

  peek(): Stream | undefined {
    return this.items[0];
  }

  push(item: Stream): void {
    this.items.push(item);
    for (let i = this.items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): void {
    const last = this.items.pop();
    if (last && this.items.length > 0) {
      this.items[0] = last;
      this.siftDown(0);
    }
  }

  /** Restores the order after the item at `i` became later. */
  siftDown(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      let least = i;
      if (left < this.items.length && this.less(left, least)) least = left;
      if (left + 1 < this.items.length && this.less(left + 1, least)) least = left + 1;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private less(a: number, b: number): boolean {
    const x = this.items[a] as Stream;
    const y = this.items[b] as Stream;
    return x.message.time < y.message.time || (x.message.time === y.message.time && x.index < y.index);
  }

  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b] as Stream, this.items[a] as Stream];
  }
}

function emptyBatch(): MessageColumns {
  return { convKey: [], seq: [], id: [], convType: [], sender: [], recipient: [], type: [], payload: [], time: [] };
}
