// A deliberately tiny structured logger: one JSON object per line on stdout (errors on stderr),
// which every log shipper understands. No dependency, no formatting options.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;

export interface Logger {
  readonly level: LogLevel;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface LoggerOptions {
  level?: LogLevel;
  /** where lines go; defaults to stdout (debug/info) and stderr (warn/error) */
  write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void;
  base?: LogFields;
}

function defaultWrite(line: string, level: Exclude<LogLevel, 'silent'>): void {
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(line + '\n');
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const write = options.write ?? defaultWrite;
  const base = options.base ?? {};
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): void => {
    if (RANK[at] < RANK[level]) return;
    const record: LogFields = { time: new Date().toISOString(), level: at, msg, ...base };
    if (fields) for (const [k, v] of Object.entries(fields)) record[k] = serialise(v);
    write(JSON.stringify(record), at);
  };
  return {
    level,
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger({ level, write, base: { ...base, ...fields } }),
  };
}

export const silentLogger: Logger = createLogger({ level: 'silent' });
