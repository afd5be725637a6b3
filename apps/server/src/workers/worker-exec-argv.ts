/** Node flags that load modules into every thread they reach: `--import tsx` in development and the bench. */
const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/**
 * The process's Node flags without its module loaders, for a thread that runs plain JavaScript
 * (our `*.mjs` workers). A worker inherits every flag otherwise: under `node --import tsx` each
 * thread loaded tsx again, some 20 MB of RSS a thread that it never used.
 */
export function plainWorkerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i] as string;
    // `--import tsx` has its value in the next argument, `--import=tsx` in the same one.
    if (LOADER_FLAGS.has(flag)) i++;
    else if (!LOADER_FLAGS.has(flag.split('=')[0] as string)) kept.push(flag);
  }
  return kept;
}
