import { Component, type ComponentType, createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './lazy-part.css';

/**
 * A module fetched on first use (`import()`) and kept once it has come: the kit's first load
 * leaves out what only a click, a call or an open conversation needs. A failed fetch is tried
 * again on the next use.
 */
export interface LazyModule<T> {
  /** Fetches the module, or gives the fetch already under way. */
  load(): Promise<T>;
  /** Starts fetching it ahead of use; a failure is left for the use to meet (and try again). */
  preload(): void;
  /** The module once it has come, else null. */
  current(): T | null;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  const load = (): Promise<T> => {
    loading ??= importer().then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    preload: () => {
      load().catch(() => undefined);
    },
    current: () => module,
  };
}

/**
 * A component of a lazy module, drawn inside a LazyPart: the LazyPart's stand-in until the module
 * has come (at once if it has), and a failed fetch becomes the LazyPart's error. (State, not
 * Suspense: a suspension begun inside a test's act() would never resume.)
 */
export function lazyComponent<T, P extends object>(
  module: LazyModule<T>,
  pick: (loaded: T) => ComponentType<P>,
): ComponentType<P> {
  const loadedComponent = () => {
    const loaded = module.current();
    return loaded ? pick(loaded) : null;
  };
  return function LazyComponent(props: P) {
    const fallback = useContext(FallbackContext);
    const [Loaded, setLoaded] = useState(loadedComponent);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let isCurrent = true;
      module.load().then(
        (loaded) => isCurrent && setLoaded(() => pick(loaded)),
        (error: unknown) => isCurrent && setFailure({ error }),
      );
      return () => {
        isCurrent = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : fallback;
  };
}

export interface LazyPartProps {
  children: ReactNode;
  /** Shown while the part loads: a stand-in of its size, or nothing (the default) where it opens on a click. */
  fallback?: ReactNode;
  /** The part shows over the page (a viewer, a dialog, the call window): so does its error. */
  isFloating?: boolean;
  /** Closes what could not load (the error then offers it beside 'Try again'). */
  onClose?(): void;
  /** The close button's words where 'Close' is not what it does (e.g. 'Hang up'). */
  closeLabel?: string;
}

/**
 * Where a lazily loaded part is drawn: its stand-in while it loads, and if the fetch fails (the
 * network dropped, a new deployment removed the old files), an alert saying so with 'Try again'
 * instead of a blank or a crashed kit.
 */
export class LazyPart extends Component<LazyPartProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  private readonly handleRetry = () => this.setState({ hasFailed: false });

  override render() {
    const { children, fallback = null, isFloating = false, onClose, closeLabel } = this.props;
    if (this.state.hasFailed) {
      return (
        <LoadError
          isFloating={isFloating}
          onRetry={this.handleRetry}
          {...(onClose ? { onClose } : {})}
          {...(closeLabel ? { closeLabel } : {})}
        />
      );
    }
    return <FallbackContext.Provider value={fallback}>{children}</FallbackContext.Provider>;
  }
}

/** The stand-in of the nearest LazyPart. */
const FallbackContext = createContext<ReactNode>(null);

function LoadError({
  isFloating,
  onRetry,
  onClose,
  closeLabel,
}: {
  isFloating: boolean;
  onRetry(): void;
  onClose?(): void;
  closeLabel?: string;
}) {
  const { t } = useTranslation('kit');
  return (
    <div className={`lc-load-error${isFloating ? ' lc-load-error--floating' : ''}`} role="alert">
      <span>{t('loadFailed')}</span>
      <button type="button" className="lc-load-error__button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
      {onClose && (
        <button type="button" className="lc-load-error__button" onClick={onClose}>
          {closeLabel ?? t('close')}
        </button>
      )}
    </div>
  );
}
