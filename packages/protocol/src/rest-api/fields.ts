import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';

/** A UserID as another backend may name it (Tencent's 32 bytes): looked up, never stored. */
export const namedAccountSchema = safeText({ min: 1, maxBytes: Limits.USER_ID_MAX });

/** Tencent's Integer fields that are seconds, counts or cursors: a 32-bit unsigned integer. */
export const uint32Schema = z.number().int().min(0).max(4_294_967_295);
