/**
 * The reference SDK's log levels: 0 everything, 1 release (info and up), 2 warnings and errors,
 * 3 errors only, 4 nothing.
 */
export type LogLevel = 0 | 1 | 2 | 3 | 4;

const PREFIX = '[liaison-sdk]';

export class Logger {
  private level: LogLevel = 2;

  setLevel(level: number): void {
    if (!Number.isInteger(level) || level < 0 || level > 4) {
      this.warn(`setLogLevel: expected 0 to 4, got ${String(level)}; the level stays ${this.level}`);
      return;
    }
    this.level = level as LogLevel;
  }

  debug(...args: unknown[]): void {
    if (this.level <= 0) console.debug(PREFIX, ...args);
  }

  info(...args: unknown[]): void {
    if (this.level <= 1) console.info(PREFIX, ...args);
  }

  warn(...args: unknown[]): void {
    if (this.level <= 2) console.warn(PREFIX, ...args);
  }

  error(...args: unknown[]): void {
    if (this.level <= 3) console.error(PREFIX, ...args);
  }
}
