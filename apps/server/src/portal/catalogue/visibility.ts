/**
 * What the public portal may show (docs/portal-api.md "Public portal"): enterprises whose material
 * was approved, through their own enabled account (not a sub-account), and of those only the
 * published abilities outside the recycle bin. Every public query joins through these.
 */

/** A derived table of the visible enterprises: user_id, enterprise_name, address, contact_phone. */
export const VISIBLE_ENTERPRISES = `(SELECT ve.user_id, ve.enterprise_name, ve.address, ve.contact_phone
    FROM portal_enterprise_auth ve
    JOIN portal_accounts va ON va.user_id = ve.user_id AND NOT va.disabled AND va.parent_user_id IS NULL
   WHERE ve.status = 1)`;

/** The condition on a portal_products row `p` of a visible enterprise that the public sees. */
export const PUBLISHED = 'p.status = 1 AND p.deleted_at IS NULL';

/** Published abilities of a visible enterprise, counted for `userColumn`. */
export const publishedCount = (userColumn: string) =>
  `(SELECT count(*) FROM portal_products p WHERE p.owner_id = ${userColumn} AND ${PUBLISHED})`;
