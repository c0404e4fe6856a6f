// npm run admin:create -- --project <code> --account <name> [options]
// Creates a project admin (and the project when it is missing) on the database the server would
// use (DATA_DIR or DATABASE_URL, the same settings as server/main.ts), migrating a fresh database
// first. The password never goes on the command line, where shell history and `ps` would keep it:
// it is asked without echo on a terminal, or read from stdin (--password-stdin) or ADMIN_PASSWORD.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../server/data-lock';
import { describeDatabase, openDb, runMigrations, type Db } from '../server/db/index';
import { AdminRefusedError, checkAdminNames, checkAdminPassword, createAdmin, refusalText } from '../server/users/create-admin';

const USAGE = `用法 / Usage:
  npm run admin:create -- --project <code> --account <name> [--name <display name>]
                          [--project-name <name>] [--all-modules] [--password-stdin]

创建项目管理员（项目不存在时一并创建）。密码在终端中不回显输入，或用 --password-stdin 从标准输入读取，
或取自环境变量 ADMIN_PASSWORD。数据库与服务器相同：DATA_DIR（PGlite）或 DATABASE_URL（PostgreSQL）。
Creates a project admin (and the project when it does not exist). The password is asked without
echo on a terminal, read from stdin with --password-stdin, or taken from ADMIN_PASSWORD. The
database is the server's: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).

  --project <code>        项目代码 / project code (letters, digits, _ and -)
  --account <name>        账号名 / account name
  --name <display name>   显示名称，默认为账号名 / display name (default: the account name)
  --project-name <name>   新建项目的名称 / name of a project created here (default: the code)
  --all-modules           授权除 office 外的全部模块至 2099-12-31 / license every module but office
  --password-stdin        从标准输入读取密码 / read the password from stdin`;

class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

class Interrupted extends Error {}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        // Ctrl-C, or Ctrl-D on an empty line
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return finish(new Interrupted());
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // the first line: `echo "$PW" |` and a here-string add a newline that is not part of the password
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function readPassword(fromStdin: boolean): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) {
    throw new Refusal(
      '没有密码：请在终端中运行，或用 --password-stdin 从标准输入传入，或设置 ADMIN_PASSWORD。\n' +
        'No password: run this in a terminal, pipe it with --password-stdin, or set ADMIN_PASSWORD.',
      2,
    );
  }
  const first = await promptHidden('密码 / Password: ');
  const again = await promptHidden('再次输入密码 / Password again: ');
  if (first !== again) throw new Refusal('两次输入的密码不一致，未做任何更改。\nThe two passwords differ; nothing was changed.', 1);
  return first;
}

async function run(argv: readonly string[]): Promise<void> {
  if (argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new Refusal(
      '不接受命令行中的密码（会留在 shell 历史和进程列表里）：请在提示时输入，或用 --password-stdin / ADMIN_PASSWORD。\n' +
        'A password on the command line is refused (shell history and the process list keep it): type it at the prompt, or use --password-stdin or ADMIN_PASSWORD.',
      2,
    );
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        project: { type: 'string' },
        account: { type: 'string' },
        name: { type: 'string' },
        'project-name': { type: 'string' },
        'all-modules': { type: 'boolean' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new Refusal(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.project === undefined || values.account === undefined) {
    throw new Refusal(`缺少 --project 或 --account。\n--project and --account are required.\n\n${USAGE}`, 2);
  }
  const project = values.project.trim();
  const account = values.account;

  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) throw new Refusal(`配置错误 / Configuration error: ${e.message}`, 2);
    throw e;
  }

  // Everything that needs no database is checked before the password is asked for, and the
  // password before the database is opened: a refusal costs the operator nothing.
  const nameRefusal = checkAdminNames(project, account);
  if (nameRefusal) throw new Refusal(refusalText(nameRefusal, project, account), 1);
  const password = await readPassword(values['password-stdin'] === true);
  const passwordRefusal = checkAdminPassword(password, account);
  if (passwordRefusal) throw new Refusal(refusalText(passwordRefusal, project, account), 1);

  let lock: DataDirLock | null = null;
  let db: Db | null = null;
  try {
    if (!config.databaseUrl) {
      try {
        lock = acquireDataDirLock(config.dataDir);
      } catch (e) {
        if (e instanceof DataDirLockedError) {
          throw new Refusal(
            `数据目录 ${e.dataDir} 正被运行中的服务器使用（pid ${e.owner.pid}），PGlite 不能被两个进程同时打开。请先停止服务器再运行本命令，或改用 DATABASE_URL。\n${e.message}`,
            1,
          );
        }
        throw e;
      }
    }
    db = await openDb(config);
    const migrated = await runMigrations(db);
    if (migrated.applied.length > 0) console.log(`数据库已迁移 / migrations applied: ${migrated.applied.join(', ')}`);
    const created = await createAdmin(db, {
      project,
      account,
      password,
      ...(values.name !== undefined ? { username: values.name } : {}),
      ...(values['project-name'] !== undefined ? { projectName: values['project-name'] } : {}),
      allModules: values['all-modules'] === true,
    });
    if (created.projectCreated) console.log(`已创建项目 ${project} / Created project ${project}`);
    console.log(
      `已创建项目管理员 ${project}/${account}（${describeDatabase(config)}）\n` +
        `Created project admin ${project}/${account} (${describeDatabase(config)}); log in with project ${project}, account ${account}.`,
    );
  } catch (e) {
    if (e instanceof AdminRefusedError) throw new Refusal(e.message, 1);
    throw e;
  } finally {
    await db?.close().catch(() => {});
    lock?.release();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    if (e instanceof Interrupted) {
      console.error('已取消，未做任何更改。\nCancelled; nothing was changed.');
      process.exit(130);
    }
    if (e instanceof Refusal) {
      console.error(e.message);
      process.exit(e.exitCode);
    }
    console.error(`创建管理员失败 / Creating the admin failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
