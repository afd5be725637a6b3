import { fetchClientConfig } from '../../api/auth';

let pending: Promise<string> | null = null;

/** The SM4 key login fields are encrypted with; fetched once per page, again after a failure. */
export function portalKey(): Promise<string> {
  if (!pending) {
    const request = fetchClientConfig().then(({ data }) => data.sm4Key);
    request.catch(() => {
      pending = null;
    });
    pending = request;
  }
  return pending;
}
