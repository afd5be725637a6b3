import { LazyPart, lazyComponent, lazyModule } from '../../common/lazy-part';
import type { ImagePreviewerProps } from './ImagePreviewer';

const previewer = lazyModule(() => import('./ImagePreviewer'));
const ImagePreviewer = lazyComponent(previewer, (loaded) => loaded.ImagePreviewer);

/**
 * The image previewer, fetched the first time a picture is opened: nothing shows until it has
 * come (it opens on a click), and a failed fetch says so over the page, with 'Try again' and 'Close'.
 */
export function LazyImagePreviewer(props: ImagePreviewerProps) {
  return (
    <LazyPart isFloating onClose={props.onClose}>
      <ImagePreviewer {...props} />
    </LazyPart>
  );
}
