// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { withPortalServer } from '../../test/portal-server';
import { EducationPage } from './EducationPage';

const portal = withPortalServer();

async function renderPage() {
  await renderAs(portal, await portal.login('wangfang'), <EducationPage />);
}

describe('the education page', () => {
  it('lists the videos with their duration and plays one in a modal', async () => {
    await renderPage();
    const card = await screen.findByRole('button', { name: /^播放\s*发布企业能力：三步上手/ }, { timeout: 10_000 });
    // The demo lessons are 20-second summaries of their key points.
    expect(within(card).getByText('0:20')).toBeTruthy();
    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog');
    const video = dialog.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/education/videos/lesson-1.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
  });

  it('searches by title and says when nothing matches', async () => {
    await renderPage();
    await screen.findByRole('button', { name: /^播放\s*子账号的创建与能力授权/ }, { timeout: 10_000 });
    const search = screen.getByLabelText('搜索视频');
    fireEvent.change(search, { target: { value: '子账号' } });
    pressEnter(search);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^播放\s*发布企业能力：三步上手/ })).toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.getByRole('button', { name: /^播放\s*子账号的创建与能力授权/ })).toBeTruthy();
    expect(portal.calls.at(-1)?.path).toContain(`title=${encodeURIComponent('子账号')}`);
    fireEvent.change(search, { target: { value: '没有这种视频' } });
    pressEnter(search);
    expect(await screen.findByText('没有找到相关视频', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

/** Enter as a keyboard gives it: down, then up (the input ignores a held key). */
function pressEnter(input: HTMLElement) {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
