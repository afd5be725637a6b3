import { describe, expect, it } from 'vitest';
import { plainWorkerExecArgv } from './worker-exec-argv';

describe('plainWorkerExecArgv', () => {
  it('drops module loaders given as two arguments or with =', () => {
    const execArgv = ['--conditions=@liaison/source', '--import', 'tsx', '--require=./a.cjs', '-r', 'b', '--cpu-prof'];
    expect(plainWorkerExecArgv(execArgv)).toEqual(['--conditions=@liaison/source', '--cpu-prof']);
  });

  it('keeps every other flag as it was', () => {
    expect(plainWorkerExecArgv(['--max-old-space-size=512', '--enable-source-maps'])).toEqual([
      '--max-old-space-size=512',
      '--enable-source-maps',
    ]);
  });
});
