/**
 * Abilities (an enterprise's capability entries) as the portal API carries them
 * (docs/portal-api.md "Abilities"), shared by the server that checks them and the web app's forms.
 */

/** 0 draft (only the owner sees it), 1 published, 2 offline (taken down, kept). */
export type AbilityStatus = 0 | 1 | 2;
export const AbilityStatus = { DRAFT: 0, PUBLISHED: 1, OFFLINE: 2 } as const;

export const ABILITY_LIMITS = {
  productName: 50,
  summary: 200,
  keywords: 100,
  /** Characters of the sanitised rich-text description. */
  descriptionChars: 50_000,
  attachments: 5,
  /** Bytes of one editor image or attachment (spec portal.md §9). */
  fileBytes: 5 * 1024 * 1024,
} as const;

/** Editor images: jpeg, jpg, png, svg (spec portal.md §5). */
export const ABILITY_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'svg'] as const;
/** Attachments: the upload defaults of spec portal.md §5. */
export const ABILITY_ATTACHMENT_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'pdf'] as const;

/**
 * The markup a sanitised rich text keeps (descriptions, articles): the server's sanitiser drops
 * every other tag and the web app renders no other, so both read this one list.
 */
export const RICH_TEXT_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export interface AbilityCategory {
  id: number;
  name: string;
}

export interface AbilityAttachment {
  /** The stored name `common/upload` returned. */
  fileName: string;
  originalName: string;
  size: number;
}

/** A row of the enterprise's own lists (personal page, recycle bin). */
export interface AbilitySummary {
  /** A bigint, as a string. */
  id: string;
  productName: string;
  categoryId: number;
  categoryName: string;
  summary: string;
  /** The stored file name of the cover picture, '' if none. */
  cover: string;
  keywords: string;
  status: AbilityStatus;
  viewCount: number;
  /** ms since the epoch. */
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  /** Set while in the recycle bin. */
  deletedAt: number | null;
}

/** `POST /portal/supply/chain/detail`: the whole ability. */
export interface AbilityDetail extends AbilitySummary {
  /** Sanitised HTML (the server's allow-list). */
  description: string;
  attachments: AbilityAttachment[];
}

/** The body of `add/product`; `edit/product` adds `id`. */
export interface AbilityForm {
  productName: string;
  categoryId: number;
  summary?: string;
  description?: string;
  cover?: string;
  /** Stored file names of the caller's uploads. */
  attachments?: string[];
  keywords?: string;
  /** 0 save as draft, 1 publish; on edit, absent keeps the current status. */
  status?: 0 | 1;
}

export interface AbilityEditForm extends AbilityForm {
  id: string;
}
