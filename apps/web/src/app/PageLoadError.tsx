import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reloadPage } from '../base/page';

/**
 * What a page that failed to load or to render shows, inside the portal's header and footer.
 * A tab opened before a deploy asks for page chunks the deploy removed: it reloads by itself once,
 * which fetches the new build; a second failure soon after stays here, with a button to try again.
 */
export function PageLoadError() {
  const error = useRouteError();
  const isStaleChunk = isChunkLoadError(error);

  useEffect(() => {
    if (isStaleChunk && claimAutomaticReload()) reloadPage();
    // A render error is a bug: the console is where a developer finds it.
    else if (!isStaleChunk) console.error(error);
  }, [isStaleChunk, error]);

  return (
    <Result
      status="warning"
      title="页面加载失败"
      subTitle={isStaleChunk ? '网站可能刚刚更新，请重新加载页面。' : '页面出现问题，请重新加载后再试。'}
      extra={
        <Button type="primary" onClick={reloadPage}>
          重新加载
        </Button>
      }
    />
  );
}

/** The messages browsers give a dynamic import or a stylesheet preload that could not be fetched. */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|module script.*MIME type/i;

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

const RELOADED_AT = 'liaison.chunkReloadAt';
/** A reload within this long of the last automatic one did not help: stop, or it would loop. */
const RELOAD_GUARD_MS = 60_000;

/** Whether this tab may reload by itself now; claiming it marks the time in the tab's session storage. */
function claimAutomaticReload(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (last && Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    return true;
  } catch {
    // No session storage (privacy settings): without the guard, never reload by ourselves.
    return false;
  }
}
