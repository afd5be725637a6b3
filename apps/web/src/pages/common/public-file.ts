import { fileUrl } from '../../api/upload';

/**
 * Where a picture the server names can be opened: a stored file name (`/profile/upload/…`) is
 * served under the API; an address the server already made whole is used as it is; '' is none.
 */
export function publicFileUrl(name: string): string | null {
  if (!name) return null;
  if (name.startsWith('/profile/')) return fileUrl(name);
  return name;
}
