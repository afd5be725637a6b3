import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { acceptPlugins } from './plugins';

describe('registerPlugin', () => {
  it('accepts Tencent’s plugin map and names each plugin it does not need in the log', () => {
    const lines: string[] = [];
    acceptPlugins(
      { 'tim-upload-plugin': class {}, 'tim-profanity-filter-plugin': {} },
      { info: (line) => lines.push(String(line)) },
    );
    expect(lines).toEqual([
      expect.stringContaining('tim-upload-plugin is not needed'),
      expect.stringContaining('tim-profanity-filter-plugin is not needed'),
    ]);
  });

  it('refuses anything but an object of plugins with 60003', () => {
    for (const bad of [null, 'tim-upload-plugin', [], 7]) {
      expect(() => acceptPlugins(bad, { info: () => undefined })).toThrow(
        expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }),
      );
    }
  });
});
