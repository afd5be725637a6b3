import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process';

/**
 * The server of another commit, to measure with today's harness (`BENCH_SERVER_COMMIT`): a
 * detached git worktree of that commit in the OS temp folder with its own `npm ci`, made once and
 * kept for the next run. Only the server runs from there; the load generator, its clients and
 * the relay are this checkout's, so both columns of a comparison share one harness.
 */
export function serverCheckout(commit: string, log: (line: string) => void): { root: string; commit: string } {
  const git = (args: string[], cwd = REPO_ROOT) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  let full: string;
  try {
    full = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  } catch {
    throw new Error(`BENCH_SERVER_COMMIT ${commit} is not a commit of this repository`);
  }
  const root = join(tmpdir(), `liaison-bench-server-${full.slice(0, 12)}`);
  if (!existsSync(join(root, 'package.json'))) {
    log(`server of ${full.slice(0, 12)}: adding a worktree in ${root}`);
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', root, full]);
  }
  if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
    log(`server of ${full.slice(0, 12)}: npm ci (once)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return { root, commit: full };
}
