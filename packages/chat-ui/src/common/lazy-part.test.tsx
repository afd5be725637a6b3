// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_SDK } from '../chat/message/test-messages';
import { type KitRenderOptions, renderInKit } from '../test-support/render-in-kit';
import { LazyPart, type LazyPartProps, lazyComponent, lazyModule } from './lazy-part';

afterEach(cleanup);

interface PartModule {
  Part(props: { name: string }): React.ReactNode;
}

const partModule: PartModule = { Part: ({ name }) => <p>Part for {name}</p> };

/** A module whose fetches the test settles one by one. */
function controlledModule() {
  const fetches: Array<{ resolve(module: PartModule): void; reject(error: Error): void }> = [];
  const module = lazyModule(
    () =>
      new Promise<PartModule>((resolve, reject) => {
        fetches.push({ resolve, reject });
      }),
  );
  return { module, fetches, Part: lazyComponent(module, (loaded) => loaded.Part) };
}

/** The part for Ann (or `name`) in a LazyPart whose stand-in reads 'Loading stand-in'. */
function showPart(
  Part: ReturnType<typeof controlledModule>['Part'],
  { name = 'Ann', ...props }: Partial<Omit<LazyPartProps, 'children'>> & { name?: string } = {},
  options: KitRenderOptions = {},
) {
  renderInKit(
    NO_SDK,
    <LazyPart fallback={<span>Loading stand-in</span>} {...props}>
      <Part name={name} />
    </LazyPart>,
    options,
  );
}

describe('a part loaded on first use', () => {
  it('shows its stand-in while it loads, then the part', async () => {
    const { fetches, Part } = controlledModule();
    showPart(Part);
    expect(screen.getByText('Loading stand-in')).toBeTruthy();
    fetches[0]?.resolve(partModule);
    expect(await screen.findByText('Part for Ann')).toBeTruthy();
    expect(screen.queryByText('Loading stand-in')).toBeNull();
  });

  it('is there at once wherever it shows after it has loaded, fetched only once', async () => {
    const { module, fetches, Part } = controlledModule();
    const loading = module.load();
    fetches[0]?.resolve(partModule);
    await loading;
    showPart(Part, { name: 'Ben' });
    expect(screen.getByText('Part for Ben')).toBeTruthy();
    expect(screen.queryByText('Loading stand-in')).toBeNull();
    expect(fetches).toHaveLength(1);
  });

  it('says it could not load, and tries again on "Try again"', async () => {
    const { fetches, Part } = controlledModule();
    showPart(Part);
    fetches[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This could not load. Check the connection and try again.');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetches).toHaveLength(2);
    fetches[1]?.resolve(partModule);
    expect(await screen.findByText('Part for Ann')).toBeTruthy();
  });

  it('offers to close a part that covers the page, under the words the part gives', async () => {
    const { fetches, Part } = controlledModule();
    let closed = 0;
    showPart(Part, { isFloating: true, onClose: () => closed++, closeLabel: 'Hang up' }, { language: 'zh-CN' });
    fetches[0]?.reject(new Error('offline'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败，请检查网络后重试。');
    expect(alert.classList.contains('lc-load-error--floating')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(closed).toBe(1);
  });
});
