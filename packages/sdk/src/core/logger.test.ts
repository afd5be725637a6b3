import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logger } from './logger';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Logger', () => {
  it('prints warnings and errors by default, but not info', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const logger = new Logger();
    logger.info('connected');
    logger.warn('careful');
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[liaison-sdk]', 'careful');
  });

  it('prints nothing at level 4 and everything at level 0', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const logger = new Logger();
    logger.setLevel(4);
    logger.error('hidden');
    expect(error).not.toHaveBeenCalled();
    logger.setLevel(0);
    logger.debug('shown');
    expect(debug).toHaveBeenCalledWith('[liaison-sdk]', 'shown');
  });

  it('keeps its level and warns when given one outside 0 to 4', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const logger = new Logger();
    logger.setLevel(1);
    logger.setLevel(9);
    expect(warn).toHaveBeenCalledOnce();
    logger.info('still release level');
    expect(info).toHaveBeenCalledOnce();
  });
});
