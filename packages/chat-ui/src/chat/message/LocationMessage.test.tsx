// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { LocationMessage } from './LocationMessage';
import { makeMessage, NO_SDK } from './test-messages';

afterEach(cleanup);

describe('LocationMessage', () => {
  it('shows the description, the coordinates and a map link on https', () => {
    renderInKit(
      NO_SDK,
      <LocationMessage
        message={makeMessage('TIMLocationElem', {
          description: '上海市黄浦区人民广场',
          latitude: 31.2304,
          longitude: 121.4737,
        })}
      />,
    );
    expect(screen.getByText('上海市黄浦区人民广场')).toBeTruthy();
    expect(screen.getByText('31.2304° N, 121.4737° E')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open in map' }) as HTMLAnchorElement;
    expect(link.href).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=31\.2304&mlon=121\.4737/);
    expect(link.rel).toContain('noopener');
  });

  it('reads south and west coordinates', () => {
    renderInKit(
      NO_SDK,
      <LocationMessage
        message={makeMessage('TIMLocationElem', { description: '', latitude: -33.8688, longitude: -70.5 })}
      />,
    );
    expect(screen.getByText('33.8688° S, 70.5000° W')).toBeTruthy();
    expect(screen.getByText('Location')).toBeTruthy();
  });
});
