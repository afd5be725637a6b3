import { describe, expect, it } from 'vitest';
import { managePlaceFor } from './manage-nav';

describe('managePlaceFor', () => {
  it('names the management page of the path', () => {
    expect(managePlaceFor('/manageCenter/statistics')).toEqual({ manageNav: 'statistics', userCenterComponentKey: '' });
  });

  it('takes the user-centre menu from the path', () => {
    expect(managePlaceFor('/manageCenter/userCenter/enterprise')).toEqual({
      manageNav: 'userCenter',
      userCenterComponentKey: 'enterprise',
    });
  });

  it.each(['/index', '/manageCenter', '/manageCenter/'])('finds no place for %s', (path) => {
    expect(managePlaceFor(path)).toBeNull();
  });
});
