// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../test/manage-page';
import { withPortalServer } from '../test/portal-server';
import { AiPage } from './AiPage';

// A server started without AI_BASE_URL.
const portal = withPortalServer();

describe('AI助手 without a model service', () => {
  it('says the assistant is not configured instead of offering the question box', async () => {
    await renderAs(portal, await portal.login('zhangwei'), <AiPage />);
    expect(await screen.findByText('AI助手尚未配置', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('管理员配置 AI 模型服务后即可提问；已有的对话仍可查看。')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '输入问题' })).toBeNull();
    expect(screen.getByRole('navigation', { name: '对话列表' })).toBeTruthy();
  });
});
