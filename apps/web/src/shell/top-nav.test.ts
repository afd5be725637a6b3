import { describe, expect, it } from 'vitest';
import { hasColouredHeader, topNavKeyFor } from './top-nav';

describe('topNavKeyFor', () => {
  it.each([
    ['/', 'index'],
    ['/index', 'index'],
    ['/supply', 'supply'],
    ['/supplyDetail', 'supply'],
    ['/integrated-detail', 'integrated'],
    ['/publish-detail', 'newRelease'],
    ['/news-detail', 'newRelease'],
    ['/industry', 'industry'],
    ['/expert', ''],
    ['/manageCenter/home', ''],
  ])('puts %s under %j', (path, key) => {
    expect(topNavKeyFor(path)).toBe(key);
  });
});

describe('hasColouredHeader', () => {
  it.each(['/supplyDetail', '/manageCenter/home', '/newRelease', '/ai'])('colours the header on %s', (path) => {
    expect(hasColouredHeader(path)).toBe(true);
  });

  it.each(['/', '/index', '/supply', '/industry', '/search'])('keeps the plain header on %s', (path) => {
    expect(hasColouredHeader(path)).toBe(false);
  });
});
