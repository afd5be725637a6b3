/** Where the kit keeps its chat state between visits, as the reference kit (spec chat.md §3 "Other"). */
export const CHAT_STORAGE_KEY = 'TUI_CHAT_STORAGE';
/** The played-audio map's field in that record: message ID → true. */
const PLAYED_FIELD = 'audioPlayedMapping';
/** The reference kit's words when the storage cannot be written (full, or disabled). */
export const STORAGE_FAILED = 'Fail to set chat storage';

type ChatStorage = Record<string, unknown> & { [PLAYED_FIELD]?: Record<string, boolean> };

function readStorage(storage: Storage): ChatStorage {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHAT_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ChatStorage) : {};
  } catch {
    return {};
  }
}

function playedMap(record: ChatStorage): Record<string, boolean> {
  const map = record[PLAYED_FIELD];
  return map && typeof map === 'object' ? map : {};
}

/** Whether this audio message has been played on this device. */
export function isAudioPlayed(messageID: string, storage: Storage | undefined = globalStorage()): boolean {
  return storage ? playedMap(readStorage(storage))[messageID] === true : false;
}

/** Remembers that an audio message was played; false (and the reference's error in the console) if it cannot be stored. */
export function markAudioPlayed(messageID: string, storage: Storage | undefined = globalStorage()): boolean {
  if (!storage) return false;
  const record = readStorage(storage);
  record[PLAYED_FIELD] = { ...playedMap(record), [messageID]: true };
  try {
    storage.setItem(CHAT_STORAGE_KEY, JSON.stringify(record));
    return true;
  } catch (error) {
    console.error(STORAGE_FAILED, error);
    return false;
  }
}

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some browsers throw on any access to storage when it is disabled.
    return undefined;
  }
}
