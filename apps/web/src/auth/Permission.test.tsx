// @vitest-environment jsdom
import '../test/dom';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store';
import { HasPermi, HasRole } from './Permission';

function renderGates() {
  render(
    <>
      <HasRole value={['auditor']}>
        <button type="button">审核</button>
      </HasRole>
      <HasPermi value={['supply:product:add']}>
        <button type="button">发布能力</button>
      </HasPermi>
    </>,
  );
}

describe('HasRole and HasPermi', () => {
  it('hide their children from a user without the role or permission', () => {
    sessionStore.update({ permissions: { roles: ['common'], permissions: ['supply:product:list'] } });
    renderGates();
    expect(screen.queryByRole('button', { name: '审核' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发布能力' })).toBeNull();
  });

  it('show their children to a user who has them', () => {
    sessionStore.update({ permissions: { roles: ['auditor'], permissions: ['supply:product:add'] } });
    renderGates();
    expect(screen.getByRole('button', { name: '审核' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发布能力' })).toBeTruthy();
  });

  it('show everything to an administrator, and follow a change of permissions', () => {
    sessionStore.update({ permissions: { roles: ['common'], permissions: [] } });
    renderGates();
    expect(screen.queryByRole('button', { name: '审核' })).toBeNull();
    act(() => sessionStore.update({ permissions: { roles: ['admin'], permissions: ['*:*:*'] } }));
    expect(screen.getByRole('button', { name: '审核' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发布能力' })).toBeTruthy();
  });
});
